import { fireEvent, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatNaira } from '../../../../domain/format';
import type { Product } from '../../../../domain/schemas/product';
import type { Shift } from '../../../../domain/schemas/shift';
import { readDraft, writeDraft } from '../../../lib/drafts';
import { rememberCounterCenter } from '../../../lib/early-reads';
import { localDb } from '../../../lib/local-db';
import { putCached } from '../../../lib/saved-copies';
import { signedInAs } from '../../../test/auth-fixtures';
import { productsFixture } from '../../../test/fixtures';
import { counterCatalogueCacheKey } from '../api/counter-catalogue-key';
import type { KeyedLine } from '../lib/cart';
import { ACTIVE_SHIFT_KEY, counterAsksForApp, readCounter, runCounter, STAFF_AUTH_KEY } from './counter-light';

const CENTER = '0f5b9f7e-2f1d-4c55-9a0e-1b2c3d4e5f60';
const staff = signedInAs({ id: 'st1', role: 'Sales Associate', access: ['Staff'], isCurrentStaff: true, shift: null });
/** The shift's fields the counter reads (the rest is the shift screen's). */
const shift = (centerId: string) => ({ id: 's1', centerId, startedAt: '2026-03-05T08:00:00.000Z' }) as unknown as Shift;

async function keepCopies({ center = CENTER, shiftCenter = CENTER, auth = staff as unknown, catalogue = true } = {}) {
  rememberCounterCenter(center);
  await putCached('shift', STAFF_AUTH_KEY, auth);
  await putCached('shift', ACTIVE_SHIFT_KEY, shift(shiftCenter));
  if (catalogue)
    await putCached('shift', counterCatalogueCacheKey(center), { products: productsFixture, priceVersion: 3 });
}

/** The dashboard shell's screen, as the view finds it (its heading's parent). */
function screen(): HTMLElement {
  document.body.innerHTML =
    '<main id="main"><div aria-busy="true"><div><h1>Sell at the counter</h1></div></div></main>';
  return document.querySelector<HTMLElement>('h1')?.parentElement as HTMLElement;
}

const burner = productsFixture.find((p) => p.type === 'Burner') as Product;

beforeEach(async () => {
  sessionStorage.clear();
  localStorage.clear();
  await localDb.shift.clear();
  await localDb.pendingActions.clear();
});
afterEach(async () => {
  // As the app's counter would: a view's pending presses (of a control tapped before the app) end.
  document.body.innerHTML = '<main id="main"><h1>Sell at the counter</h1><form aria-label="Sale"></form></main>';
  await Promise.resolve();
  document.body.innerHTML = '';
});

describe("the counter's first view: what it is drawn from", () => {
  it('reads the staff session, the shift and its center’s catalogue kept on this tablet', async () => {
    await keepCopies();
    const copy = await readCounter();
    expect(copy?.products.map((p) => p.id)).toEqual(productsFixture.map((p) => p.id));
  });

  it.each([
    ['no center kept', async () => keepCopies().then(() => localStorage.clear())],
    ['no staff session', async () => keepCopies({ auth: { ...staff, client: { ...staff.client, staff: null } } })],
    ['a shift at another center', async () => keepCopies({ shiftCenter: '1f5b9f7e-2f1d-4c55-9a0e-1b2c3d4e5f61' })],
    ['no catalogue kept', async () => keepCopies({ catalogue: false })],
  ])('holds no copy of the counter with %s', async (_, arrange) => {
    await arrange();
    expect(await readCounter()).toBeNull();
  });

  it('leaves a sale paid otherwise than cash, or not handed over, to the app', async () => {
    await keepCopies();
    expect(await counterAsksForApp()).toBe(false);
    writeDraft('sale.pay', 'Wallet');
    expect(await counterAsksForApp()).toBe(true);
    writeDraft('sale.pay', 'Cash');
    writeDraft('sale.handOver', false);
    expect(await counterAsksForApp()).toBe(true);
  });

  it('leaves it to the app while sales wait to sync (the app lists them and counts their stock)', async () => {
    await keepCopies();
    await localDb.pendingActions.add({
      id: 'p1',
      kind: 'sale',
      status: 'pending',
      createdAt: Date.now(),
      payload: {},
    } as never);
    expect(await counterAsksForApp()).toBe(true);
  });

  it('leaves it to the app when the shift has ended', async () => {
    await keepCopies();
    await putCached('shift', ACTIVE_SHIFT_KEY, null);
    expect(await readCounter()).toBeNull();
  });
});

describe("the counter's first view: the basket before the app", () => {
  const lines = () => readDraft('sale.lines', (v): v is KeyedLine[] => Array.isArray(v));

  it('draws every product with a working Add (none left: disabled), and a tap puts the line in the basket and the draft', () => {
    const runApp = vi.fn(() => Promise.resolve());
    const soldOut = productsFixture.map((p) => (p.id === burner.id ? { ...p, available: 0 } : p));
    const root = screen();
    runCounter({ screen: root, copy: { products: soldOut }, runApp });
    const view = within(root);
    expect(view.getByRole('button', { name: `Add ${burner.name}` })).toBeDisabled();
    const other = soldOut.find((p) => p.type !== 'Gas' && p.id !== burner.id) as Product;
    const add = view.getByRole('button', { name: `Add ${other.name}` });
    expect(add).toBeEnabled();
    expect(view.getByText('Add products to start a sale.')).toBeInTheDocument();
    fireEvent.click(add);
    fireEvent.click(add);
    expect(view.getByRole('button', { name: `Remove ${other.name} × 2` })).toBeInTheDocument();
    expect(lines()).toEqual([{ key: 'line-1', productId: other.id, quantity: 2 }]);
    expect(view.getByTestId('basket-total').textContent).toBe(formatNaira(other.price * 2));
    expect(view.getByRole('button', { name: `Take cash ${formatNaira(other.price * 2)}` })).toBeDisabled();
    fireEvent.click(view.getByRole('button', { name: `One fewer ${other.name}` }));
    expect(lines()).toEqual([{ key: 'line-1', productId: other.id, quantity: 1 }]);
    fireEvent.click(view.getByRole('button', { name: `Remove ${other.name} × 1` }));
    expect(lines()).toEqual([]);
    expect(view.getByText('Add products to start a sale.')).toBeInTheDocument();
    expect(runApp).not.toHaveBeenCalled();
  });

  it('starts from the basket a reload kept, and keeps the phone as typed', () => {
    const other = productsFixture.find((p) => p.type !== 'Gas') as Product;
    writeDraft('sale.lines', [{ key: 'line-1', productId: other.id, quantity: 3 }]);
    const root = screen();
    runCounter({ screen: root, copy: { products: productsFixture }, runApp: vi.fn(() => Promise.resolve()) });
    expect(within(root).getByRole('button', { name: `Remove ${other.name} × 3` })).toBeInTheDocument();
    const phone = within(root).getByRole('textbox', { name: /Customer's phone/ });
    fireEvent.input(phone, { target: { value: '0803' } });
    expect(readDraft('sale.phone', (v): v is string => typeof v === 'string')).toBe('0803');
  });

  it('asks for the app at once on any other control (the gas picker, the payment)', () => {
    const runApp = vi.fn(() => Promise.resolve());
    const root = screen();
    runCounter({ screen: root, copy: { products: productsFixture }, runApp });
    fireEvent.click(within(root).getByRole('button', { name: /kg of gas for a 12.5 kg cylinder/ }));
    expect(runApp).toHaveBeenCalledTimes(1);
    fireEvent.click(within(root).getByRole('radio', { name: 'Wallet' }));
    expect(runApp).toHaveBeenCalledTimes(2);
    expect(lines()).toBeUndefined();
  });

  it("presses the app's same control once the app has drawn the counter (a tap is not lost)", async () => {
    const root = screen();
    runCounter({ screen: root, copy: { products: productsFixture }, runApp: vi.fn(() => Promise.resolve()) });
    fireEvent.click(within(root).getByRole('combobox', { name: 'Cylinder size' }));
    fireEvent.click(within(root).getByText('Wallet'));
    // The app's screen replaces the view: its own size picker and payment choice.
    const main = document.querySelector('#main') as HTMLElement;
    const opened = vi.fn();
    const chosen = vi.fn();
    main.innerHTML =
      '<h1>Sell at the counter</h1><label for="size">Cylinder size</label><input id="size" readonly role="combobox"><input id="w" type="radio" value="Wallet"><label for="w">Wallet</label>';
    main.querySelector('#size')?.addEventListener('click', opened);
    main.querySelector('#w')?.addEventListener('click', chosen);
    await vi.waitFor(() => expect(opened).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(chosen).toHaveBeenCalledTimes(1));
  });

  it("carries what was typed in the app's fields to the app's same fields, and the keyboard with it", async () => {
    const runApp = vi.fn(() => Promise.resolve());
    const root = screen();
    runCounter({ screen: root, copy: { products: productsFixture }, runApp });
    const number = within(root).getByRole('textbox', { name: /Order or receipt number/ });
    number.focus();
    fireEvent.input(number, { target: { value: 'ARV-7K2' } });
    expect(runApp).toHaveBeenCalled();
    // The app's screen replaces the view: its refund field, controlled by what it hears typed.
    const main = document.querySelector('#main') as HTMLElement;
    const heard: string[] = [];
    main.innerHTML =
      '<h1>Sell at the counter</h1><label for="r">Order or receipt number</label><input id="r" type="text" value=""><label for="w">Reason</label><input id="w" type="text" value="">';
    const appField = main.querySelector<HTMLInputElement>('#r') as HTMLInputElement;
    appField.addEventListener('input', () => heard.push(appField.value));
    await vi.waitFor(() => expect(heard).toEqual(['ARV-7K2']));
    expect(document.activeElement).toBe(appField);
    // The reason was not typed in: left as the app drew it.
    expect(main.querySelector<HTMLInputElement>('#w')?.value).toBe('');
  });
});
