import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderEvent } from '../../../../domain/schemas/order';
import { renderWithProviders } from '../../../test/render';
import { OrderTimeline } from './order-timeline';

const step = (id: string, kind: OrderEvent['kind'], status: OrderEvent['status'], note: string | null = null) => ({
  id,
  kind,
  status,
  note,
  at: '2026-11-29T09:00:00.000Z',
});

describe("an order's timeline", () => {
  it('shows a delivered home delivery as one Delivered step, with the steps before it', () => {
    renderWithProviders(
      <OrderTimeline
        events={[
          step('1', 'order', 'Not Paid'),
          step('2', 'order', 'Paid'),
          step('3', 'delivery', 'Accepted', 'Carrier: Musa (Bike)'),
          step('4', 'delivery', 'InTransit'),
          step('5', 'delivery', 'Delivered'),
          step('6', 'order', 'Delivered'),
        ]}
      />,
    );
    const timeline = screen.getByLabelText('Order status timeline');
    expect(within(timeline).getAllByText('Delivered')).toHaveLength(1);
    expect(within(timeline).getByText('Carrier: Musa (Bike)')).toBeInTheDocument();
  });
});
