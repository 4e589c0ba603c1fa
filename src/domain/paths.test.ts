import { describe, expect, it } from 'vitest';
import { API_GROUPS, apiPath, serverPath } from './paths';

describe('apiPath', () => {
  it('builds /api/{group}/{action}', () => {
    expect(apiPath('auth', 'signup')).toBe('/api/auth/signup');
    expect(apiPath('order', 'cancel/42')).toBe('/api/order/cancel/42');
    expect(apiPath('wallet', '/add_fund')).toBe('/api/wallet/add_fund');
    expect(apiPath('dev', 'outbox')).toBe('/api/dev/outbox');
  });
  it('gives the group root for an empty action', () => {
    expect(apiPath('product')).toBe('/api/product');
  });
  it('has a server-relative form', () => {
    expect(serverPath('auth', 'cookie_auth')).toBe('/auth/cookie_auth');
  });
  it('lists the API groups', () => {
    expect(API_GROUPS).toHaveLength(20);
    expect(API_GROUPS).toContain('cylinder');
    expect(API_GROUPS).toContain('app');
  });
});
