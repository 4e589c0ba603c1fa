import { describe, expect, it } from 'vitest';
import { mapLink, sinceText, telLink } from './delivery-words';

describe('delivery words', () => {
  it('says how long a delivery has been in its state', () => {
    const at = '2026-11-25T10:00:00.000Z';
    const t = Date.parse(at);
    expect(sinceText(at, t + 20_000)).toBe('just now');
    expect(sinceText(at, t + 12 * 60_000)).toBe('12 min');
    expect(sinceText(at, t + 65 * 60_000)).toBe('1 h 05 min');
  });

  it('links the address to a Google Maps search, by coordinates when known', () => {
    expect(mapLink({ line1: '12 Herbert Macaulay Way', city: 'Yaba', state: 'Lagos' })).toBe(
      'https://www.google.com/maps/search/?api=1&query=12%20Herbert%20Macaulay%20Way%2C%20Yaba%2C%20Lagos',
    );
    expect(mapLink({ line1: 'x', city: 'Yaba', state: 'Lagos', lat: 6.5095, lng: 3.3711 })).toBe(
      'https://www.google.com/maps/search/?api=1&query=6.5095%2C3.3711',
    );
  });

  it('calls a local number in its international form', () => {
    expect(telLink('08031234567')).toBe('tel:+2348031234567');
  });
});
