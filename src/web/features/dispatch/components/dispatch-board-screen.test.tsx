import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Delivery, DispatchBoard, Rider } from '../../../../domain/schemas/delivery';
import { ikejaCenter, lekkiCenter, twoCenters } from '../../../test/center-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { dispatchDelivery } from '../test/fixtures';
import { DispatchBoardScreen } from './dispatch-board-screen';

// The real-time channel as the board sees it: the event's listener, captured so a test can play
// the server's dispatchBoardChanged, and the socket's state, which a test moves.
const live = vi.hoisted(() => ({
  handler: null as null | ((payload: unknown) => void),
  status: 'connected',
  watchers: new Set<() => void>(),
  setStatus(next: string) {
    this.status = next;
    for (const watcher of this.watchers) watcher();
  },
}));
vi.mock('../../../lib/use-server-event', () => ({
  useServerEvent: (_event: string, handler: (payload: unknown) => void) => {
    live.handler = handler;
  },
}));
vi.mock('../../../lib/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/socket')>()),
  connectSocket: vi.fn(),
  getSocketStatus: () => live.status,
}));
vi.mock('../../../lib/use-socket-status', async () => {
  const { useSyncExternalStore } = await import('react');
  return {
    useSocketStatus: () =>
      useSyncExternalStore(
        (onChange) => {
          live.watchers.add(onChange);
          return () => live.watchers.delete(onChange);
        },
        () => live.status,
      ),
  };
});

const delivery = dispatchDelivery;

afterEach(() => {
  vi.unstubAllGlobals();
  live.status = 'connected';
});

const rider = (over: Partial<Rider>): Rider => ({
  staffId: 's1',
  clientId: 'r1',
  name: 'Tunde Rider',
  phone: '08030000204',
  onShift: true,
  openDeliveries: 0,
  centerIds: [ikejaCenter.id],
  ...over,
});

describe('the board, live', () => {
  it('reads itself again when a delivery of its center changes, and when the socket is back', async () => {
    const answers: DispatchBoard[] = [
      { deliveries: [], riders: [], centerId: ikejaCenter.id, mayChooseCenter: false },
      { deliveries: [delivery({ centerId: ikejaCenter.id })], riders: [], centerId: ikejaCenter.id },
    ];
    const api = fakeApi({
      'GET delivery/board': () => ({ status: 200, body: answers.shift() ?? { deliveries: [], riders: [] } }),
    });
    renderWithProviders(<DispatchBoardScreen centers={twoCenters} />);
    expect(await screen.findByText('No delivery is on the road.')).toBeInTheDocument();
    const reads = () => api.calls.filter((c) => c.path === 'delivery/board').length;
    expect(reads()).toBe(1);

    // Assigned on another dispatcher's screen: the board shows it at once, no 60 s wait.
    act(() => live.handler?.({ centerId: ikejaCenter.id, deliveryId: 'd1', status: 'Accepted', reason: 'assigned' }));
    expect(await screen.findByRole('article', { name: 'Delivery ARV-7K2M9Q' })).toBeInTheDocument();
    expect(reads()).toBe(2);

    // The socket dropped and came back: what happened meanwhile is read once.
    act(() => live.setStatus('reconnecting'));
    act(() => live.setStatus('connected'));
    await waitFor(() => expect(reads()).toBe(3));
  });

  it("a CEO or Manager's board of one center ignores another center's events, and can show all centers", async () => {
    const api = fakeApi({
      'GET delivery/board': ({ query }) => ({
        status: 200,
        body: {
          deliveries: [delivery({ centerId: lekkiCenter.id, centerName: lekkiCenter.name })],
          riders: [],
          centerId: query.get('center') === 'all' ? null : lekkiCenter.id,
          mayChooseCenter: true,
        },
      }),
    });
    renderWithProviders(<DispatchBoardScreen centers={twoCenters} />, { path: `/?center=${lekkiCenter.id}` });
    expect(await screen.findByRole('article', { name: 'Delivery ARV-7K2M9Q' })).toBeInTheDocument();
    const boardReads = () => api.calls.filter((c) => c.path === 'delivery/board');
    act(() => live.handler?.({ centerId: ikejaCenter.id, deliveryId: 'd9', status: 'Pending', reason: 'paid' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(boardReads()).toHaveLength(1);

    fireEvent.click(screen.getByRole('combobox', { name: 'Gas center' }));
    // Mantine's dropdown is not drawn in jsdom (no layout): its options are there, hidden.
    fireEvent.click(await screen.findByRole('option', { name: 'All centers', hidden: true }));
    await waitFor(() => expect(boardReads()).toHaveLength(2));
    // Every center's board says where each delivery goes out from.
    expect(await screen.findByText(`From ${lekkiCenter.name}`)).toBeInTheDocument();
  });
});

describe("the board's words and riders", () => {
  it('names what is collected, and offers only the riders of the center the order goes out from', async () => {
    fakeApi({
      'GET delivery/board': {
        status: 200,
        body: {
          deliveries: [
            delivery({
              id: 'd2',
              orderNumber: 'ARV-STOVE1',
              status: 'CarrierPickup',
              items: [{ name: 'Gas stove', quantity: 1, sizeKg: null, productType: 'GasStove' }],
            }),
            delivery({ status: 'Pending', carrierClientId: null, carrierName: null, centerId: lekkiCenter.id }),
          ],
          riders: [
            rider({}),
            rider({ staffId: 's2', clientId: 'r2', name: 'Femi Rider', centerIds: [lekkiCenter.id] }),
          ],
          centerId: lekkiCenter.id,
        },
      },
    });
    renderWithProviders(<DispatchBoardScreen />);
    const stove = await screen.findByRole('article', { name: 'Delivery ARV-STOVE1' });
    expect(stove).toHaveTextContent('Collected the stove');
    expect(stove).not.toHaveTextContent('cylinder');

    const waiting = screen.getByRole('article', { name: 'Delivery ARV-7K2M9Q' });
    fireEvent.click(within(waiting).getByRole('combobox', { name: 'Rider' }));
    const options = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(options).toContain('Femi Rider');
    expect(options).not.toContain('Tunde Rider');
  });
});

describe('cancelling a delivery on the board', () => {
  it('asks first, saying a paid order is cancelled and refunded; keeping it sends nothing', async () => {
    const api = fakeApi({
      'GET delivery/board': { status: 200, body: { deliveries: [delivery()], riders: [] } },
      'PUT delivery/status/:id': { status: 200, body: { ...delivery(), status: 'Cancelled' } as Delivery },
    });
    renderWithProviders(<DispatchBoardScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel delivery' }));
    expect(await screen.findByText(/it will be cancelled too/)).toHaveTextContent('₦66,775.00 refunded to the client');
    await user.click(screen.getByRole('button', { name: 'Keep the delivery' }));
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel delivery' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel and refund' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
        ['delivery/status/d1', { status: 'Cancelled', at: expect.any(String) }],
      ]),
    );
    // The board shows no queue: its moves are never kept offline by the worker.
    expect(api.calls.find((c) => c.method === 'PUT')?.headers.has('x-queue-offline')).toBe(false);
    // The card leaves the open lanes: a toast says what was done.
    expect(await screen.findByText(`Order ${delivery().orderNumber} cancelled`)).toBeInTheDocument();
    expect(screen.getByText(/₦66,775.00 is refunded to the client the way they paid/)).toBeInTheDocument();
  });
});

describe('a step whose text to the client was held back', () => {
  it('is done, and the board says the text was not sent and why', async () => {
    const message =
      'The text to the customer was not sent: you have sent 60 texts this hour, the most one staff member may. Texts can go out again in 12 min.';
    fakeApi({
      'GET delivery/board': { status: 200, body: { deliveries: [delivery()], riders: [] } },
      'PUT delivery/status/:id': {
        status: 200,
        body: {
          ...delivery(),
          status: 'Cancelled',
          sms: {
            sent: false,
            reason: 'SmsBudgetReached',
            budget: 'staff',
            retryAfter: new Date().toISOString(),
            message,
          },
        } as Delivery,
      },
    });
    renderWithProviders(<DispatchBoardScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel delivery' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel and refund' }));
    expect(await screen.findByText('Text to the client not sent')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });
});

describe('a long board', () => {
  it('lists every card at once, the first screenful with its controls, and the rest get theirs soon after', async () => {
    const deliveries = Array.from({ length: 10 }, (_, i) =>
      delivery({
        id: `d${i}`,
        orderNumber: `ARV-LONG${String(i).padStart(2, '0')}`,
        status: 'Pending',
        carrierClientId: null,
        carrierName: null,
      }),
    );
    fakeApi({ 'GET delivery/board': { status: 200, body: { deliveries, riders: [rider({})] } } });
    renderWithProviders(<DispatchBoardScreen />);
    const waiting = await screen.findByRole('region', { name: 'Waiting for a rider' });
    expect(within(waiting).getAllByRole('article')).toHaveLength(10);
    const first = within(waiting).getByRole('article', { name: 'Delivery ARV-LONG00' });
    expect(within(first).getByRole('button', { name: 'Assign' })).toBeDisabled();
    expect(within(first).getByRole('combobox', { name: 'Rider' })).toBeInTheDocument();
    const last = within(waiting).getByRole('article', { name: 'Delivery ARV-LONG09' });
    expect(last).toHaveTextContent('12 Herbert Macaulay Way');
    await waitFor(() => expect(within(last).getByRole('button', { name: 'Cancel delivery' })).toBeInTheDocument());
    expect(within(waiting).getAllByRole('button', { name: 'Assign' })).toHaveLength(10);
  });
});
