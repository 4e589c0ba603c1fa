import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthObject } from '../../domain/schemas/auth';
import {
  APP_IN_USE_MESSAGE,
  CLIENT_SIGNED_IN_MESSAGE,
  STAFF_SIGNED_IN_MESSAGE,
  type StaffCodeMessage,
} from '../../domain/staff-code';

// What the page tells the worker decides what a device downloads: a client's first visit of a
// first view must not bring the app's code, the app running signed in must.
const posted: StaffCodeMessage[] = [];
const signedIn = (staff: boolean) => ({ isLogin: true, client: { staff: staff ? {} : null } }) as unknown as AuthObject;

async function fresh() {
  vi.resetModules();
  return import('./staff-code');
}

beforeEach(() => {
  posted.length = 0;
  localStorage.clear();
  vi.stubEnv('DEV', false);
  const active = { postMessage: (message: StaffCodeMessage) => posted.push(message) };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ active }) },
  });
});

afterEach(() => {
  vi.unstubAllEnvs();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const told = async () => {
  await new Promise((resolve) => setTimeout(resolve, 0));
  return posted.map((m) => m.type);
};

describe('tellWorkerWhoSignedIn / tellWorkerTheAppRuns', () => {
  it("a client's sign-in in a first view asks for the views only; the app starting asks for its code", async () => {
    const worker = await fresh();
    worker.tellWorkerWhoSignedIn(signedIn(false));
    expect(await told()).toEqual([CLIENT_SIGNED_IN_MESSAGE]);
    worker.tellWorkerTheAppRuns();
    expect(await told()).toEqual([CLIENT_SIGNED_IN_MESSAGE, APP_IN_USE_MESSAGE]);
  });

  it('the app running before the sign-in asks for its code with the sign-in', async () => {
    const worker = await fresh();
    worker.tellWorkerTheAppRuns();
    worker.tellWorkerWhoSignedIn(null);
    expect(await told()).toEqual([]);
    worker.tellWorkerWhoSignedIn(signedIn(false));
    expect(await told()).toEqual([CLIENT_SIGNED_IN_MESSAGE, APP_IN_USE_MESSAGE]);
  });

  it('the app having run in an earlier page, a first view’s sign-in check asks for its code too', async () => {
    (await fresh()).tellWorkerTheAppRuns();
    posted.length = 0;
    const next = await fresh();
    next.tellWorkerWhoSignedIn(signedIn(false));
    expect(await told()).toEqual([CLIENT_SIGNED_IN_MESSAGE, APP_IN_USE_MESSAGE]);
  });

  it('a staff sign-in keeps the app with the staff code: nothing more when the app starts', async () => {
    const worker = await fresh();
    worker.tellWorkerWhoSignedIn(signedIn(true));
    worker.tellWorkerTheAppRuns();
    expect(await told()).toEqual([STAFF_SIGNED_IN_MESSAGE]);
  });
});
