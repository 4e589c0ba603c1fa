import { fireEvent, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Shift } from '../../../../domain/schemas/shift';
import { readDraft } from '../../../lib/drafts';
import { COUNTER_SALE_KIND, localDb } from '../../../lib/local-db';
import { putCached } from '../../../lib/saved-copies';
import { salesAssociate, signedInAs } from '../../../test/auth-fixtures';
import { ikejaCenter, twoCenters } from '../../../test/center-fixtures';
import { ACTIVE_SHIFT_CACHE_KEY } from '../api/active-shift';
import { TODAY_SHIFTS_CACHE_KEY } from '../api/today-shifts';
import { forgetTablet, shiftFixture } from '../test/fixtures';
import { readShift, runShift, STAFF_AUTH_KEY, shiftAsksForApp } from './shift-light';

const onShift = shiftFixture({ centerId: ikejaCenter.id, cashSales: 200_000, expectedCash: 700_000 });
const staff = signedInAs({ ...salesAssociate, shift: { id: 'sh1', workingNow: true } });

async function keepCopies({ auth = staff as unknown, shift = onShift as Shift | null, today = true } = {}) {
  await putCached('shift', STAFF_AUTH_KEY, auth);
  await putCached('shift', ACTIVE_SHIFT_CACHE_KEY, shift);
  if (today) await putCached('shift', TODAY_SHIFTS_CACHE_KEY, [onShift]);
}

/** The dashboard shell's screen, as the view finds it (its heading's parent). */
function screen(): HTMLElement {
  document.body.innerHTML = '<main id="main"><div aria-busy="true"><div><h1>Shift</h1></div></div></main>';
  return document.querySelector<HTMLElement>('h1')?.parentElement as HTMLElement;
}

const amount = () => readDraft('shift.amount', (v): v is unknown => v !== undefined);

beforeEach(forgetTablet);
afterEach(async () => {
  // As the app's shift screen would: a view's pending presses end once its form is drawn.
  document.body.innerHTML = '<main id="main"><h1>Shift</h1><form></form></main>';
  await Promise.resolve();
  document.body.innerHTML = '';
});

describe("the shift screen's first view: what it is drawn from", () => {
  it('reads the staff session, the shift and the day’s shifts kept on this tablet', async () => {
    await keepCopies();
    const copy = await readShift();
    expect(copy?.page.shift.id).toBe('sh1');
    expect(copy?.page.today.map((s) => s.id)).toEqual(['sh1']);
    expect(copy?.auth.client.staff?.role).toBe('Sales Associate');
  });

  it.each([
    ['no staff session', () => keepCopies({ auth: { ...staff, client: { ...staff.client, staff: null } } })],
    ['the shift ended', () => keepCopies({ shift: null })],
    ['no shifts of the day kept', () => keepCopies({ today: false })],
  ])('holds no copy of the screen with %s', async (_, arrange) => {
    await arrange();
    expect(await readShift()).toBeNull();
  });

  it('holds no copy when the day’s shifts were kept on another day', async () => {
    await keepCopies();
    expect(await readShift(Date.now() + 2 * 24 * 60 * 60 * 1000)).toBeNull();
  });

  it('leaves it to the app while sales or shift actions wait to sync, or were refused', async () => {
    expect(await shiftAsksForApp()).toBe(false);
    await localDb.pendingActions.add({
      id: 'p1',
      kind: COUNTER_SALE_KIND,
      status: 'failed',
      createdAt: Date.now(),
      payload: {},
    } as never);
    expect(await shiftAsksForApp()).toBe(true);
  });
});

describe("the shift screen's first view: the count before the app", () => {
  const page = { shift: onShift, today: [onShift], centers: twoCenters };

  it('draws the shift, its figures and the count, and says where the shift is', () => {
    const root = screen();
    runShift({ screen: root, page, runApp: vi.fn(() => Promise.resolve()) });
    const view = within(root);
    expect(view.getByRole('heading', { name: 'You are on shift' })).toBeInTheDocument();
    expect(view.getByText('At Arrive Gas Center')).toBeInTheDocument();
    expect(view.getAllByText('₦7,000.00').length).toBe(2);
    expect(view.getByLabelText(/Cash counted in the drawer/)).toBeEnabled();
    expect(view.getByRole('button', { name: 'End shift' })).toBeDisabled();
    expect(view.getByRole('heading', { name: "Today's shifts" })).toBeInTheDocument();
  });

  it('shows the figure typed as the app does, keeps it as the app’s draft and sets it against the expected cash', () => {
    const root = screen();
    runShift({ screen: root, page, runApp: vi.fn(() => Promise.resolve()) });
    const view = within(root);
    const field = view.getByLabelText<HTMLInputElement>(/Cash counted in the drawer/);
    fireEvent.input(field, { target: { value: '6000' } });
    expect(field.value).toBe('₦6,000');
    expect(amount()).toEqual({ kind: 'shift.end', amount: 6000 });
    expect(view.getByText('Against the expected ₦7,000.00:')).toBeInTheDocument();
    expect(view.getByText('Short ₦1,000.00')).toBeInTheDocument();
    expect(view.getByRole('button', { name: 'End shift' })).toBeEnabled();
    fireEvent.input(field, { target: { value: '₦7,000.5' } });
    expect(field.value).toBe('₦7,000.5');
    expect(view.getByText('Over ₦0.50')).toBeInTheDocument();
    fireEvent.input(field, { target: { value: '₦7,000.' } });
    expect(amount()).toEqual({ kind: 'shift.end', amount: '7000.' });
    expect(view.getByRole('button', { name: 'End shift' })).toBeDisabled();
    fireEvent.input(field, { target: { value: '' } });
    expect(amount()).toBeNull();
    expect(view.queryByText(/Against the expected/)).toBeNull();
  });

  it('draws the count kept in the draft (a reload in the middle of it)', () => {
    sessionStorage.setItem('arrive.draft.shift.amount', JSON.stringify({ kind: 'shift.end', amount: 7000 }));
    const root = screen();
    runShift({ screen: root, page, runApp: vi.fn(() => Promise.resolve()) });
    const view = within(root);
    expect(view.getByLabelText<HTMLInputElement>(/Cash counted in the drawer/).value).toBe('₦7,000');
    expect(view.getByText('Balanced')).toBeInTheDocument();
    expect(view.getByRole('button', { name: 'End shift' })).toBeEnabled();
  });

  it("asks for the app on End shift, and presses the app's End shift once the app has drawn", async () => {
    const runApp = vi.fn(() => Promise.resolve());
    const root = screen();
    runShift({ screen: root, page, runApp });
    const view = within(root);
    fireEvent.input(view.getByLabelText(/Cash counted in the drawer/), { target: { value: '7000' } });
    fireEvent.click(view.getByRole('button', { name: 'End shift' }));
    expect(runApp).toHaveBeenCalledTimes(1);
    // The app draws its screen in the view's place.
    const ended = vi.fn((event: Event) => event.preventDefault());
    document.body.innerHTML =
      '<main id="main"><h1>Shift</h1><form><button type="submit">End shift</button></form></main>';
    document.querySelector('form')?.addEventListener('submit', ended);
    await vi.waitFor(() => expect(ended).toHaveBeenCalledTimes(1));
  });
});
