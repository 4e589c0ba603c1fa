import { describe, expect, it } from 'vitest';
import { loggableUrl, requestLogFields } from './log-fields';

describe('loggableUrl', () => {
  it('keeps an address without private parameters as it is', () => {
    expect(loggableUrl('/api/product')).toBe('/api/product');
    expect(loggableUrl('/payment/callback?reference=abc&trxref=abc')).toBe(
      '/payment/callback?reference=abc&trxref=abc',
    );
  });

  it('redacts a mobile number sent in the address, keeping the other parameters', () => {
    expect(loggableUrl('/login?mobileNumber=08010000002')).toBe('/login?mobileNumber=%5Bredacted%5D');
    const cleaned = loggableUrl('/signup?from=%2Fwallet&mobileNumber=%2B234+801+000+0002');
    expect(cleaned).not.toContain('801');
    expect(new URLSearchParams(cleaned.split('?')[1]).get('from')).toBe('/wallet');
  });
});

describe('requestLogFields', () => {
  it("logs a request's method, cleaned address, host and remote address", () => {
    expect(
      requestLogFields({
        method: 'GET',
        url: '/login?mobileNumber=08010000002',
        host: 'arrive.example',
        ip: '10.0.0.1',
        socket: { remotePort: 5123 },
      }),
    ).toEqual({
      method: 'GET',
      url: '/login?mobileNumber=%5Bredacted%5D',
      host: 'arrive.example',
      remoteAddress: '10.0.0.1',
      remotePort: 5123,
    });
  });
});
