import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderSummary } from '../../../../domain/schemas/sales';
import { clearLocalData } from '../../../lib/saved-copies';
import { ikejaCenter, lekkiCenter, twoCenters } from '../../../test/center-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { adminOrderSummary } from '../test/fixtures';
import { TodaysOrdersCard } from './todays-orders-card';

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearLocalData();
});

const at = (center: typeof ikejaCenter, id: string, status: AdminOrderSummary['status'] = 'Paid') =>
  adminOrderSummary({ id, status, centerId: center.id, centerName: center.name });

/** Answers today's orders by the center asked for, and keeps what each call asked (null: none). */
function serveOrders(byCenter: (center: string | null) => AdminOrderSummary[]) {
  const asked: (string | null)[] = [];
  fakeApi({
    'GET admin/orders': ({ query }) => {
      asked.push(query.get('center'));
      return { status: 200, body: byCenter(query.get('center')) };
    },
  });
  return asked;
}

/** The card on a home whose shift is read once the button is pressed. */
function ShiftReadLater() {
  const [known, setKnown] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setKnown(true)}>
        Shift read
      </button>
      <TodaysOrdersCard centers={twoCenters} shiftCenter={{ known, centerId: known ? ikejaCenter.id : null }} />
    </>
  );
}

describe("today's orders on the staff home, per gas center", () => {
  it('shows the CEO every center first, and one center once chosen', async () => {
    const asked = serveOrders((center) =>
      center === lekkiCenter.id
        ? [at(lekkiCenter, 'l1')]
        : [at(ikejaCenter, 'i1'), at(ikejaCenter, 'i2'), at(lekkiCenter, 'l1', 'Not Paid')],
    );
    renderWithProviders(<TodaysOrdersCard centers={twoCenters} choosesCenter />);
    expect(await screen.findByText('Paid: 2')).toBeInTheDocument();
    expect(screen.getByText('Not Paid: 1')).toBeInTheDocument();
    // The company is asked for without a center (the server's default for a CEO).
    expect(asked[0]).toBeNull();
    const choice = screen.getAllByLabelText(/^Gas center/).find((el) => el instanceof HTMLInputElement);
    if (!choice) throw new Error('no choice of center');
    fireEvent.click(choice);
    fireEvent.click(await screen.findByRole('option', { name: 'Arrive Lekki', hidden: true }));
    expect(await screen.findByText('Paid: 1')).toBeInTheDocument();
    expect(screen.queryByText('Not Paid: 1')).toBeNull();
    expect(asked.at(-1)).toBe(lekkiCenter.id);
  });

  it("counts the shift's center for anyone else, names it, and asks for no other", async () => {
    const asked = serveOrders(() => [at(lekkiCenter, 'l1')]);
    renderWithProviders(
      <TodaysOrdersCard centers={twoCenters} shiftCenter={{ known: true, centerId: lekkiCenter.id }} />,
    );
    expect(await screen.findByText('Paid: 1')).toBeInTheDocument();
    expect(screen.getByText('Gas center: Arrive Lekki')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Gas center/)).toBeNull();
    expect(asked).toEqual([null]);
  });

  it('waits for the shift to say its center before reading', async () => {
    const asked = serveOrders(() => []);
    renderWithProviders(<ShiftReadLater />);
    expect(await screen.findByRole('status', { name: 'Loading orders' })).toBeInTheDocument();
    expect(asked).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Shift read' }));
    expect(await screen.findByText('No orders yet today.')).toBeInTheDocument();
    expect(asked).toEqual([null]);
  });

  it("keeps the offline copy per center: offline at Lekki, Ikeja's saved list is not shown", async () => {
    serveOrders(() => [at(ikejaCenter, 'i1'), at(ikejaCenter, 'i2')]);
    const online = renderWithProviders(
      <TodaysOrdersCard centers={twoCenters} shiftCenter={{ known: true, centerId: ikejaCenter.id }} />,
    );
    expect(await screen.findByText('Paid: 2')).toBeInTheDocument();
    online.unmount();

    fakeApi({}, { otherwise: { offline: true } });
    const atLekki = renderWithProviders(
      <TodaysOrdersCard centers={twoCenters} shiftCenter={{ known: true, centerId: lekkiCenter.id }} />,
    );
    expect(await screen.findByText('No connection: check your network')).toBeInTheDocument();
    expect(screen.queryByText('Paid: 2')).toBeNull();
    atLekki.unmount();

    renderWithProviders(
      <TodaysOrdersCard centers={twoCenters} shiftCenter={{ known: true, centerId: ikejaCenter.id }} />,
    );
    expect(await screen.findByText('Paid: 2')).toBeInTheDocument();
    expect(screen.getByText(/\(offline\)/)).toBeInTheDocument();
  });
});
