import { describe, expect, it } from 'vitest';
import { readPushMessage } from './push-message';

const origin = 'https://arrive.example';

describe('readPushMessage', () => {
  it('reads what the server sends', () => {
    const text = JSON.stringify({
      title: 'Ready for pickup',
      body: 'Order ARV-1 is paid.',
      url: '/order/ARV-1',
      tag: 'order-ARV-1',
    });
    expect(readPushMessage(text, origin)).toEqual({
      title: 'Ready for pickup',
      body: 'Order ARV-1 is paid.',
      url: '/order/ARV-1',
      tag: 'order-ARV-1',
    });
  });

  it('never opens another site, and shows plain text as it is', () => {
    const text = JSON.stringify({ title: 'x', body: 'y', url: 'https://evil.example/steal' });
    expect(readPushMessage(text, origin).url).toBe('/');
    expect(readPushMessage(JSON.stringify({ body: 'b', url: '//evil.example/x' }), origin)).toMatchObject({
      title: 'Arrive',
      url: '/',
    });
    expect(readPushMessage('Hello', origin)).toEqual({ title: 'Arrive', body: 'Hello', url: '/' });
  });
});
