import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Delivery } from '../../../../domain/schemas/delivery';
import { localDb } from '../../../lib/local-db';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { dispatchDelivery } from '../test/fixtures';
import { RiderScreen } from './rider-screen';

const onTheRoad = dispatchDelivery({ status: 'InTransit' });

afterEach(() => vi.unstubAllGlobals());
beforeEach(async () => {
  await localDb.shift.clear();
});

describe("the rider's list offline", () => {
  it('opens from the copy saved on the phone, with the address and the client, and says it is offline', async () => {
    fakeApi({ 'GET delivery/mine': { status: 200, body: { deliveries: [onTheRoad] } } });
    const first = renderWithProviders(<RiderScreen />);
    expect(await screen.findByRole('article', { name: 'Delivery ARV-7K2M9Q' })).toBeInTheDocument();
    await waitFor(async () => expect(await localDb.shift.count()).toBeGreaterThan(0));
    first.unmount();
    // The phone reloads without a network.
    vi.unstubAllGlobals();
    fakeApi({}, { otherwise: { offline: true } });
    renderWithProviders(<RiderScreen />);
    expect(await screen.findByText(/Your deliveries as saved on this phone at/)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Delivery ARV-7K2M9Q' })).toHaveTextContent('Herbert Macaulay');
    expect(screen.getByRole('link', { name: 'Call client' })).toHaveAttribute('href', 'tel:+2348030000201');
  });
});

describe("the rider's delivery code", () => {
  it('sends the code as corrected after an answer that never came, not the one typed first', async () => {
    let puts = 0;
    const api = fakeApi({
      'GET delivery/mine': { status: 200, body: { deliveries: [onTheRoad] } },
      'PUT delivery/status/:id': () => {
        puts++;
        // The first tap's answer is lost on a bad network.
        if (puts === 1) return { offline: true };
        return { status: 200, body: { ...onTheRoad, status: 'Delivered' } as Delivery };
      },
    });
    renderWithProviders(<RiderScreen />);
    const user = userEvent.setup();
    const field = await screen.findByLabelText("Client's delivery code");
    await user.type(field, 'ABC123');
    await user.click(screen.getByRole('button', { name: 'Delivered' }));
    expect(await screen.findByText('Not recorded')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '7YPV4Z');
    await user.click(screen.getByRole('button', { name: 'Delivered' }));
    await waitFor(() => expect(puts).toBe(2));
    const sent = api.calls.filter((c) => c.method === 'PUT');
    expect(sent.map((c) => (c.body as { code?: string }).code)).toEqual(['ABC123', '7YPV4Z']);
    expect(sent[1]?.headers.get('idempotency-key')).not.toBe(sent[0]?.headers.get('idempotency-key'));
  });
});

/** Cache Storage as the worker leaves its replays' outcomes in it. */
function fakeCaches() {
  const store = new Map<string, Response>();
  const cache = {
    match: async (url: string) => store.get(url)?.clone(),
    put: async (url: string, response: Response) => void store.set(url, response),
    delete: async (url: string) => store.delete(url),
  };
  vi.stubGlobal('caches', { open: async () => cache });
  return cache;
}

describe("a rider's steps without a network", () => {
  it('are kept on the phone in order, move the buttons on, and say which one the server refused', async () => {
    await localDb.pendingActions.clear();
    const assigned = dispatchDelivery({ status: 'Accepted' });
    const api = fakeApi({
      'GET delivery/mine': { status: 200, body: { deliveries: [assigned] } },
      // The worker answers for the server: queued.
      'PUT delivery/status/:id': ({ headers }) => ({
        status: 202,
        body: { queued: true, key: headers.get('idempotency-key') ?? '' } as unknown as Delivery,
      }),
    });
    const cache = fakeCaches();
    renderWithProviders(<RiderScreen riderClientId="rider-1" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Collected the burner' }));
    expect(await screen.findByText('Saved on this phone')).toBeInTheDocument();
    // The next step follows the one waiting.
    await user.click(await screen.findByRole('button', { name: 'In transit' }));
    await waitFor(async () => expect(await localDb.pendingActions.count()).toBe(2));
    const sent = api.calls.filter((c) => c.method === 'PUT');
    expect(sent).toHaveLength(2);
    for (const call of sent) {
      expect(call.headers.get('x-queue-offline')).toBe('1');
      // Sent late, it is the rider's own: refused for anyone signed in on the phone since.
      expect(call.headers.get('x-arrive-acting-client')).toBe('rider-1');
      expect(Date.parse((call.body as { at?: string }).at ?? '')).not.toBeNaN();
    }
    expect(sent.map((c) => (c.body as { status: string }).status)).toEqual(['CarrierPickup', 'InTransit']);
    expect(screen.getByRole('article', { name: 'Delivery ARV-7K2M9Q' })).toHaveTextContent(
      /Collected the burner at .*, In transit at .*: sent when the network is back/,
    );

    // Back online, the worker replayed them: the first found the dispatcher had marked it already
    // (nothing missing: settled without a word), the second was refused.
    const [first, second] = sent.map((c) => c.headers.get('idempotency-key') ?? '');
    const outcome = (key: string, body: unknown) =>
      new Response(JSON.stringify({ key, outcome: 'failed', status: 409, body }));
    await cache.put(
      `/__shift-outcome/${encodeURIComponent(first ?? '')}`,
      outcome(first ?? '', {
        message: 'This delivery is already “Collected the burner”: it was moved meanwhile.',
        additionalInfo: { status: 'CarrierPickup', to: 'CarrierPickup' },
      }),
    );
    await cache.put(
      `/__shift-outcome/${encodeURIComponent(second ?? '')}`,
      outcome(second ?? '', { message: 'This delivery is “Cancelled” now' }),
    );
    window.dispatchEvent(new Event('online'));
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent('ARV-7K2M9Q: “In transit” was not recorded');
    // The server's words end their sentence before the phone's.
    expect(refused).toHaveTextContent('This delivery is “Cancelled” now. It was taken at');
    expect(screen.queryByText(/already “Collected the burner”/)).not.toBeInTheDocument();
    expect(await localDb.pendingActions.count()).toBe(1);
    await user.click(within(refused).getByRole('button', { name: 'Dismiss' }));
    await waitFor(async () => expect(await localDb.pendingActions.count()).toBe(0));
  });
});
