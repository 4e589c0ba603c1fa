import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationSettingsView } from '../../../../domain/schemas/notification';
import { fakeApi } from '../../../test/fake-api';
import { dismissPushOffer, pushOfferWouldShow } from './push';

const settings = (over: Partial<NotificationSettingsView> = {}): NotificationSettingsView => ({
  sms: true,
  push: true,
  cylinderReminders: true,
  refillReminders: true,
  pushDevices: 0,
  vapidPublicKey: 'BExampleVapidKey_0123456789abcdef',
  ...over,
});

/** A browser that can receive push, its permission as given. */
function browserWithPush(permission: NotificationPermission) {
  vi.stubEnv('DEV', false);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: {} });
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe("whether a paid order's page would offer push (its first view leaves those to the app)", () => {
  it('yes on an undecided device when the server has a push key and the client’s push is on', async () => {
    browserWithPush('default');
    fakeApi({ 'GET client/notifications': { status: 200, body: settings() } });
    expect(await pushOfferWouldShow()).toBe(true);
  });

  it('no on a server without push, with push off, or when the settings cannot be read', async () => {
    browserWithPush('default');
    fakeApi({ 'GET client/notifications': { status: 200, body: settings({ vapidPublicKey: null }) } });
    expect(await pushOfferWouldShow()).toBe(false);
    fakeApi({ 'GET client/notifications': { status: 200, body: settings({ push: false }) } });
    expect(await pushOfferWouldShow()).toBe(false);
    fakeApi({}, { otherwise: { offline: true } });
    expect(await pushOfferWouldShow()).toBe(false);
  });

  it('no, without asking the server, once the client decided or said "Not now", or where push cannot work', async () => {
    const calls = fakeApi({ 'GET client/notifications': { status: 200, body: settings() } });
    browserWithPush('granted');
    expect(await pushOfferWouldShow()).toBe(false);
    browserWithPush('denied');
    expect(await pushOfferWouldShow()).toBe(false);
    browserWithPush('default');
    dismissPushOffer();
    expect(await pushOfferWouldShow()).toBe(false);
    localStorage.clear();
    vi.unstubAllGlobals();
    expect(await pushOfferWouldShow()).toBe(false);
    expect(calls.calls).toEqual([]);
  });
});
