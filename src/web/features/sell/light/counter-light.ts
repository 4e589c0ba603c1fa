// The counter's first view without the app (app/first-views runs it). A tablet that sold here
// before keeps its staff session, its shift and its center's catalogue (prices and stock) on the
// device: the view draws the counter from them as the page starts, its Add buttons working, and
// hands the page to the app at once, which draws the same screen in its place and reads the
// network. The basket is the sale's draft (lib/drafts.ts, the app's `sale.lines`), so a line added
// before the app took over is in the app's basket. Without any of those copies the app draws the
// counter itself, as it always has.
import type { AuthObject } from '../../../../domain/schemas/auth';
import type { Product } from '../../../../domain/schemas/product';
import type { Shift } from '../../../../domain/schemas/shift';
import type { RunApp } from '../../../components/first-view/html';
import { readDraft, writeDraft } from '../../../lib/drafts';
import { rememberedCounterCenter } from '../../../lib/early-reads';
import { countQueued, getCached } from '../../../lib/saved-copies';
import { counterCatalogueCacheKey, counterCatalogueOf } from '../api/counter-catalogue-key';
import { addLine, type KeyedLine, priceCart, stepQuantity } from '../lib/cart';
import { basketLinesHtml, counterHtml, takeCashLabel, totalHtml } from './counter-view';

/** The draft keys of the app's counter (components/sell-screen.tsx). */
const LINES_DRAFT = 'sale.lines';
const TEXT_DRAFTS = new Set(['sale.phone', 'sale.firstname']);

const isKeyedLines = (v: unknown): v is KeyedLine[] =>
  Array.isArray(v) &&
  v.every(
    (l) =>
      typeof l === 'object' &&
      l !== null &&
      typeof l.key === 'string' &&
      typeof l.productId === 'string' &&
      typeof l.quantity === 'number' &&
      l.quantity > 0 &&
      (l.sizeKg === undefined || typeof l.sizeKg === 'number'),
  );
const isString = (v: unknown): v is string => typeof v === 'string';

/** The staff session kept for outages, and the shift's copy, in the device's `shift` table. */
export const STAFF_AUTH_KEY = 'staff-auth';
export const ACTIVE_SHIFT_KEY = 'active-shift';

/** What the counter is drawn from: all of it read from this device. */
export type CounterCopy = { products: Product[] };

/**
 * The counter as this device last saw it, or null when the app must draw it: no staff session
 * kept here, no shift (or none kept), the shift at another center than the one the tablet last
 * sold at (the app's first reads are that center's), no catalogue kept for it, sales or shift
 * actions waiting to sync (the app lists them and counts their stock), or a sale made
 * further than its cash form (another payment chosen, a wallet code asked, a receipt shown: the
 * app's).
 */
export async function readCounter(): Promise<CounterCopy | null> {
  const center = rememberedCounterCenter();
  if (!center) return null;
  const pay = readDraft('sale.pay', isString);
  if ((pay !== undefined && pay !== 'Cash') || readDraft('sale.handOver', (v): v is boolean => v === false) === false)
    return null;
  // The keys the dashboard keeps them under (app/layouts/dashboard/staff-auth-snapshot.ts and
  // features/shift's ACTIVE_SHIFT_CACHE_KEY; counter-light.test.ts checks they are the same).
  const [auth, shift, catalogue, queued] = await Promise.all([
    getCached<AuthObject>('shift', STAFF_AUTH_KEY),
    getCached<Shift | null>('shift', ACTIVE_SHIFT_KEY),
    getCached<unknown>('shift', counterCatalogueCacheKey(center)),
    countQueued(),
  ]);
  // Sales waiting to sync: the app lists them, and takes what they sold off the stock shown.
  if (queued > 0) return null;
  if (!auth?.value?.isLogin || !auth.value.client?.staff) return null;
  if (!shift?.value || (shift.value.centerId ?? null) !== center) return null;
  if (!catalogue) return null;
  const { products } = counterCatalogueOf(catalogue.value);
  if (!Array.isArray(products) || products.length === 0) return null;
  return { products };
}

/**
 * Draws the counter in `screen` and runs its Add, one more, one fewer and remove buttons (and
 * the customer's phone and name as typed) until the app's screen replaces it: the listeners are
 * on the view's own elements, which go when the app draws. Any other control is the app's: a tap
 * on it asks for the app at once (which the view asked for already).
 */
export function runCounter(options: { screen: HTMLElement; copy: CounterCopy; runApp: RunApp }) {
  const { screen, copy, runApp } = options;
  const products = copy.products;
  let lines = readDraft(LINES_DRAFT, isKeyedLines) ?? [];
  const priced = () => priceCart(lines, products);
  const basket = priced();
  screen.innerHTML = counterHtml(products, basket, {
    phone: readDraft('sale.phone', isString) ?? '',
    firstname: readDraft('sale.firstname', isString) ?? '',
  });
  screen.removeAttribute('aria-busy');
  const root = screen.firstElementChild as HTMLElement;
  const linesSlot = root.querySelector<HTMLElement>('[data-counter="lines"]') as HTMLElement;
  const totalSlot = root.querySelector<HTMLElement>('[data-counter="total"]') as HTMLElement;
  const submit = root.querySelector<HTMLElement>('[data-counter="submit"] .mantine-Button-label') as HTMLElement;

  const update = (next: KeyedLine[]) => {
    lines = next;
    // The draft first: should the app take over now, it reads this basket.
    writeDraft(LINES_DRAFT, lines);
    const { lines: shown, total } = priced();
    linesSlot.innerHTML = basketLinesHtml(shown);
    totalSlot.innerHTML = totalHtml(total);
    submit.textContent = takeCashLabel(total);
  };

  root.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLElement>('button, input, label');
    if (!button || !root.contains(button)) return;
    const { add, step, line, remove } = button.dataset;
    if (add) {
      const product = products.find((p) => p.id === add);
      if (product && product.available !== 0) update(addLine(lines, { productId: product.id, quantity: 1 }));
    } else if (step && line) update(stepQuantity(lines, line, step === '1' ? 1 : -1));
    else if (remove) update(lines.filter((l) => l.key !== remove));
    else if (button.dataset.draft === undefined) {
      // The app's control (the gas picker, the payment, the refund): not drawn as working here.
      event.preventDefault();
      void runApp();
    }
  });
  root.addEventListener('submit', (event) => event.preventDefault());
  root.addEventListener('input', (event) => {
    const input = event.target as HTMLInputElement;
    const key = input.dataset.draft;
    if (key && TEXT_DRAFTS.has(key)) writeDraft(key, input.value);
  });
}
