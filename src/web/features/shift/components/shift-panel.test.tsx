import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Shift } from '../../../../domain/schemas/shift';
import { COUNTER_SALE_KIND, localDb } from '../../../lib/local-db';
import { createQueryClient } from '../../../lib/query-client';
import { ikejaCenter, lekkiCenter, twoCenters } from '../../../test/center-fixtures';
import { fakeApi, refusal } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { forgetTablet, shiftFixture } from '../test/fixtures';
import { ShiftPanel } from './shift-panel';

const onShift = shiftFixture();

beforeEach(async () => {
  await forgetTablet();
  notifications.clean();
});
afterEach(() => vi.unstubAllGlobals());

describe('ShiftPanel offline', () => {
  it('says the shift end will sync after ending a shift offline (not the start the panel now offers)', async () => {
    // The shift end finds no network: the only call left unanswered.
    fakeApi(
      {
        'GET shift/active': { status: 200, body: { shift: onShift } },
        'GET shift/today': { status: 200, body: [onShift] },
      },
      { otherwise: { offline: true } },
    );
    renderWithProviders(<ShiftPanel onChanged={() => {}} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Cash counted in the drawer/), '5000');
    await user.click(screen.getByRole('button', { name: 'End shift' }));
    expect(await screen.findByText('End shift will sync when the network returns.')).toBeInTheDocument();
    expect(screen.queryByText('Start shift will sync when the network returns.')).not.toBeInTheDocument();
  });

  /** On shift, with a sale made on this tablet in the given state, the count being typed. */
  async function countWithSaleOnTablet(id: string, status: 'pending' | 'failed') {
    await localDb.pendingActions.put({ id, kind: COUNTER_SALE_KIND, payload: {}, createdAt: Date.now(), status });
    fakeApi({
      'GET shift/active': { status: 200, body: { shift: onShift } },
      'GET shift/today': { status: 200, body: [onShift] },
    });
    renderWithProviders(<ShiftPanel onChanged={() => {}} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Cash counted in the drawer/), '5000');
  }

  it('will not end the shift while a sale made on this tablet waits to sync', async () => {
    await countWithSaleOnTablet('sale-1', 'pending');
    expect(await screen.findByText('Sales waiting to sync')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'End shift' })).toBeDisabled();
    await localDb.pendingActions.delete('sale-1');
    await waitFor(() => expect(screen.getByRole('button', { name: 'End shift' })).toBeEnabled());
  });

  it('says a sale refused when it synced, with the way to the sale screen, and does not hold the shift end for it', async () => {
    await countWithSaleOnTablet('sale-2', 'failed');
    expect(await screen.findByText('A sale was refused')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See it on the sale screen' })).toHaveAttribute('href', '/dashboard/sell');
    expect(screen.getByRole('button', { name: 'End shift' })).toBeEnabled();
  });

  it('shows the drawer and its count together once the shift is read, so nothing moves under the finger', async () => {
    let answer: (value: { status: 200; body: { shift: Shift } }) => void = () => {};
    fakeApi({
      'GET shift/active': () => new Promise((resolve) => (answer = resolve)),
      'GET shift/today': { status: 200, body: [onShift] },
    });
    renderWithProviders(<ShiftPanel onChanged={() => {}} />);
    expect(await screen.findByRole('status', { name: 'Loading the shift' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Cash counted in the drawer|Opening float/)).not.toBeInTheDocument();
    answer({ status: 200, body: { shift: onShift } });
    expect(await screen.findByLabelText(/Cash counted in the drawer/)).toBeInTheDocument();
    expect(screen.getByText('Working now')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading the shift' })).not.toBeInTheDocument();
    // Card and wallet are the shift's sales by who sold them, not what the counter took: said.
    expect(screen.getAllByText(/count every order sold or handed over on this shift/).length).toBeGreaterThan(0);
  });

  it('follows the session when the shift was never read on this tablet, and ends it offline', async () => {
    // Offline, nothing saved: the sale screen was the only one opened while online.
    fakeApi({}, { otherwise: { offline: true } });
    renderWithProviders(<ShiftPanel onChanged={() => {}} sessionWorking />);
    expect(await screen.findByText('You are on shift')).toBeInTheDocument();
    expect(screen.getByText(/The drawer's figures were not saved on this tablet/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Cash counted in the drawer/), '5000');
    await user.click(screen.getByRole('button', { name: 'End shift' }));
    expect(await screen.findByText('End shift will sync when the network returns.')).toBeInTheDocument();
  });

  it('keeps a count typed while the start is still on its way to the server', async () => {
    let answer: (value: { status: 201; body: { shift: Shift } }) => void = () => {};
    let current: Shift | null = null;
    fakeApi({
      'GET shift/active': () => ({ status: 200, body: { shift: current } }),
      'GET shift/today': { status: 200, body: [] },
      'POST shift/start': () =>
        new Promise((resolve) => {
          answer = (value) => {
            current = onShift;
            resolve(value);
          };
        }),
    });
    // As on the shift screen: a settled action has the shift read again.
    const queryClient = createQueryClient();
    renderWithProviders(<ShiftPanel onChanged={() => void queryClient.invalidateQueries()} />, { queryClient });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Opening float/), '5000');
    await user.click(screen.getByRole('button', { name: 'Start shift' }));
    // Saved on the tablet, the panel already offers the end; the associate counts at once.
    await user.type(await screen.findByLabelText(/Cash counted in the drawer/), '4000');
    answer({ status: 201, body: { shift: onShift } });
    expect(await screen.findByText('Shift started')).toBeInTheDocument();
    expect(await screen.findByLabelText(/Cash counted in the drawer/)).toHaveValue('₦4,000');
    expect(screen.getByRole('button', { name: 'End shift' })).toBeEnabled();
  });

  it("stays on shift from the start's answer to the shift's next read: a count typed then is kept", async () => {
    let current: Shift | null = null;
    let reread: (value: { status: 200; body: { shift: Shift | null } }) => void = () => {};
    let reads = 0;
    fakeApi({
      // The first read answers at once; the one after the start waits, as on a slow link.
      'GET shift/active': () =>
        reads++ === 0
          ? { status: 200, body: { shift: current } }
          : new Promise((resolve) => {
              reread = resolve;
            }),
      'GET shift/today': { status: 200, body: [] },
      'POST shift/start': () => {
        current = onShift;
        return { status: 201, body: { shift: onShift } };
      },
    });
    const queryClient = createQueryClient();
    renderWithProviders(<ShiftPanel onChanged={() => void queryClient.invalidateQueries()} />, { queryClient });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Opening float/), '5000');
    await user.click(screen.getByRole('button', { name: 'Start shift' }));
    expect(await screen.findByText('Shift started')).toBeInTheDocument();
    await waitFor(() => expect(reads).toBe(2));
    // Recorded, not yet read again: the panel is the started shift's, not the form to start one.
    expect(await localDb.pendingActions.count()).toBe(0);
    expect(screen.getByText('You are on shift')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Cash counted in the drawer/), '4000');
    reread({ status: 200, body: { shift: current } });
    await waitFor(() => expect(screen.getByLabelText(/Cash counted in the drawer/)).toHaveValue('₦4,000'));
    expect(screen.getByRole('button', { name: 'End shift' })).toBeEnabled();
  });

  it('keeps the cash counted through a reload, for the end it was typed for', async () => {
    fakeApi({
      'GET shift/active': { status: 200, body: { shift: onShift } },
      'GET shift/today': { status: 200, body: [onShift] },
    });
    const first = renderWithProviders(<ShiftPanel onChanged={() => {}} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Cash counted in the drawer/), '12,500');
    first.unmount();
    renderWithProviders(<ShiftPanel onChanged={() => {}} />);
    expect(await screen.findByLabelText(/Cash counted in the drawer/)).toHaveValue('₦12,500');
  });
});

describe('ShiftPanel at several gas centers', () => {
  const started: Shift = { ...onShift, centerId: lekkiCenter.id };

  it('starts as before for a member of one center: no choice, no center sent', async () => {
    const api = fakeApi({
      'GET shift/active': { status: 200, body: { shift: null } },
      'GET shift/today': { status: 200, body: [] },
      'POST shift/start': { status: 201, body: { shift: { ...onShift, centerId: ikejaCenter.id } } },
    });
    renderWithProviders(<ShiftPanel onChanged={() => {}} centers={twoCenters} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Opening float/), '5000');
    expect(screen.queryByLabelText(/^Gas center/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start shift' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === 'shift/start')).toBe(true));
    expect(api.calls.find((c) => c.path === 'shift/start')?.body).not.toHaveProperty('centerId');
  });

  it('asks a member of several centers which one, as the server asks, and starts there', async () => {
    let working: Shift | null = null;
    const api = fakeApi({
      'GET shift/active': () => ({ status: 200, body: { shift: working } }),
      'GET shift/today': { status: 200, body: [] },
      'POST shift/start': ({ body }) => {
        const centerId = (body as { centerId?: string }).centerId;
        if (!centerId)
          return refusal(
            400,
            'InvalidInput',
            'You work at more than one gas center: choose the center this shift is at.',
            { reason: 'CenterRequired', field: 'centerId', centerIds: [lekkiCenter.id, ikejaCenter.id] },
          );
        working = started;
        return { status: 201, body: { shift: started } };
      },
    });
    renderWithProviders(<ShiftPanel onChanged={() => {}} centers={twoCenters} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Opening float/), '5000');
    await user.click(screen.getByRole('button', { name: 'Start shift' }));
    // The server's words, and the choice of the member's centers by name.
    expect(
      await screen.findByText('You work at more than one gas center: choose the center this shift is at.'),
    ).toBeInTheDocument();
    const [choice] = await screen.findAllByLabelText(/^Gas center/);
    if (!choice) throw new Error('no choice of center');
    expect(screen.getByRole('button', { name: 'Start shift' })).toBeDisabled();
    await user.click(choice);
    // Mantine's dropdown is not drawn in jsdom (no layout): its options are there, hidden.
    const options = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(options).toEqual(['Arrive Gas Center', 'Arrive Lekki']);
    fireEvent.click(screen.getByRole('option', { name: 'Arrive Lekki', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Start shift' }));
    await waitFor(() => expect(api.calls.filter((c) => c.path === 'shift/start')).toHaveLength(2));
    expect(api.calls.filter((c) => c.path === 'shift/start')[1]?.body).toMatchObject({
      openingFloat: 500_000,
      centerId: lekkiCenter.id,
    });
  });

  it('says which center the shift is at once started', async () => {
    fakeApi({
      'GET shift/active': { status: 200, body: { shift: started } },
      'GET shift/today': { status: 200, body: [started] },
    });
    renderWithProviders(<ShiftPanel onChanged={() => {}} centers={twoCenters} />);
    expect(await screen.findByText('At Arrive Lekki')).toBeInTheDocument();
  });
});
