import { describe, expect, it, vi } from 'vitest';
import type { AuthObject } from '../../../domain/schemas/auth';
import { landingAfterSignIn, originFromState, readVerificationState, safeOrigin } from './verification-state';

const client = (staff: AuthObject['client']['staff'] = null): AuthObject => ({
  isLogin: true,
  isVerified: true,
  clientId: 'c1',
  client: {
    id: 'c1',
    phoneLocal: '08010000002',
    phoneInternational: '2348010000002',
    firstname: null,
    lastname: null,
    email: null,
    staff,
  },
});
const staff = client({ id: 's1', role: 'CEO', access: [], isCurrentStaff: true, shift: null });
const to = { dashboard: '/dashboard', orders: '/order/history', products: '/products' };

describe('where sign-in lands', () => {
  it('returns to the page that asked for sign-in, for clients and staff alike', async () => {
    const hasOrders = vi.fn(async () => true);
    expect(await landingAfterSignIn(client(), '/wallet', hasOrders, to)).toBe('/wallet');
    expect(await landingAfterSignIn(staff, '/order/A1', hasOrders, to)).toBe('/order/A1');
    expect(hasOrders).not.toHaveBeenCalled();
  });

  it('sends staff to the dashboard and clients to their orders, or to the products without any', async () => {
    expect(await landingAfterSignIn(staff, null, async () => false, to)).toBe('/dashboard');
    expect(await landingAfterSignIn(client(), null, async () => true, to)).toBe('/order/history');
    expect(await landingAfterSignIn(client(), null, async () => false, to)).toBe('/products');
  });

  it('carries only same-site pages worth returning to', () => {
    expect(safeOrigin('/wallet?tab=1')).toBe('/wallet?tab=1');
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil.example', '/', '/login', '/signup', 7]) {
      expect(safeOrigin(bad)).toBeNull();
    }
    expect(originFromState({ from: '/pickup' })).toBe('/pickup');
    expect(originFromState(null)).toBeNull();
    expect(readVerificationState({ clientId: 'c1', mobileNumber: '0801', origin: '/' })?.origin).toBeNull();
  });
});
