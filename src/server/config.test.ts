import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has embedded defaults: port 8080, PGlite under ./data, sandbox payments, console SMS', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, DATA_DIR: './data', PAYMENT_MODE: 'sandbox', SMS_PROVIDER: 'console' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.paystackBaseUrl).toBe('http://localhost:8080/sandbox/paystack');
    expect(config.seedDemo).toBe(true);
  });

  it('names the variable of a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/db' })).toThrow(/DATABASE_URL.*user/);
  });

  it('believes no proxy unless told which', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.0/8' }).TRUST_PROXY).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses production without its secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), PAYMENT_MODE: 'live' })).toThrow(
      /PAYSTACK_SECRET_KEY/,
    );
    const ok = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      PAYSTACK_SECRET_KEY: 'sk_live_x',
      PAYSTACK_PUBLIC_KEY: 'pk_live_x',
      TERMII_API_KEY: 'termii-key',
    });
    expect(ok.seedDemo).toBe(false);
    expect(ok.production).toBe(true);
    expect(ok).toMatchObject({
      PAYMENT_MODE: 'live',
      SMS_PROVIDER: 'termii',
      sandbox: false,
      sandboxRestricted: false,
    });
  });
});
