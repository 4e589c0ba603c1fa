import { act, configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryProgress } from '../../../../domain/schemas/delivery';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { DeliveryProgressCard } from './delivery-progress-card';

// The socket's listener, captured so the test can play the server's deliveryProgress event.
const heard = vi.hoisted(() => ({ handler: null as null | ((p: unknown) => void) }));
vi.mock('../../../lib/use-server-event', () => ({
  useServerEvent: (_event: string, handler: (p: unknown) => void) => {
    heard.handler = handler;
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

const orderId = '11111111-1111-4111-8111-111111111111';
const progress = (over: Partial<DeliveryProgress> = {}): DeliveryProgress => ({
  deliveryId: '22222222-2222-4222-8222-222222222222',
  orderId,
  orderNumber: 'ARV-7K2M9Q',
  status: 'Accepted',
  statusChangedAt: '2026-03-05T09:30:00.000Z',
  riderName: 'Musa',
  vehicle: 'Bike',
  steps: [{ status: 'Accepted', at: '2026-03-05T09:30:00.000Z' }],
  distanceKm: null,
  locatedAt: null,
  centerPhone: '08001234567',
  ...over,
});

configure({ asyncUtilTimeout: 5000 });
describe('DeliveryProgressCard', { timeout: 20_000 }, () => {
  it("shows the steps with times and the rider's first name, then each event as it comes", async () => {
    fakeApi({ 'GET delivery/progress/:orderId': { status: 200, body: progress() } });
    renderWithProviders(<DeliveryProgressCard orderId={orderId} orderNumber="ARV-7K2M9Q" />);
    expect(await screen.findByText('Musa')).toBeInTheDocument();
    // The client calls the gas center's counter, never the rider.
    expect(screen.getByRole('link', { name: 'Call the gas center' })).toHaveAttribute('href', 'tel:+2348001234567');
    expect(screen.getAllByText('Rider assigned')).toHaveLength(2);
    expect(screen.getByText('05/03/2026 10:30')).toBeInTheDocument();

    act(() =>
      heard.handler?.(
        progress({
          status: 'InTransit',
          steps: [
            { status: 'Accepted', at: '2026-03-05T09:30:00.000Z' },
            { status: 'CarrierPickup', at: '2026-03-05T09:40:00.000Z' },
            { status: 'InTransit', at: '2026-03-05T09:45:00.000Z' },
          ],
          distanceKm: 2.4,
          locatedAt: '2026-03-05T09:46:00.000Z',
        }),
      ),
    );
    expect(await screen.findByText(/About 2\.4 km away in a straight line/)).toBeInTheDocument();
    expect(screen.getAllByText('On the way')).toHaveLength(2);
    expect(screen.getByText('05/03/2026 10:45')).toBeInTheDocument();

    // Another order's delivery is not this card's.
    act(() => heard.handler?.(progress({ orderId: '33333333-3333-4333-8333-333333333333', status: 'Delivered' })));
    expect(screen.queryByText('Delivered')).not.toBeInTheDocument();
  });

  it('points to the Help centre when the gas center has no phone set', async () => {
    fakeApi({ 'GET delivery/progress/:orderId': { status: 200, body: progress({ centerPhone: null }) } });
    renderWithProviders(<DeliveryProgressCard orderId={orderId} orderNumber="ARV-7K2M9Q" />);
    expect(await screen.findByRole('link', { name: 'Ask the Help centre' })).toHaveAttribute('href', '/service-1');
    expect(screen.queryByRole('link', { name: 'Call the gas center' })).not.toBeInTheDocument();
  });
});
