// The counter's first view without the app (app/first-views runs it). A tablet that sold here
// before keeps its staff session, its shift and its center's catalogue (prices and stock) on the
// device: the view draws the counter from them as the page starts, its Add buttons working, and
// hands the page to the app at once, which draws the same screen in its place and reads the
// network. The basket is the sale's draft (lib/drafts.ts, the app's `sale.lines`), so a line added
// before the app took over is in the app's basket. A tablet holding no copy (its first opening,
// or after a sign-out) draws the same view from the network's answers (app/first-views).
import type { AuthObject } from '../../../../domain/schemas/auth';
import type { Product } from '../../../../domain/schemas/product';
import type { Shift } from '../../../../domain/schemas/shift';
import { followHandover, isTyped } from '../../../components/first-view/handover';
import type { RunApp } from '../../../components/first-view/html';
import { readDraft, writeDraft } from '../../../lib/drafts';
import { rememberedCounterCenter } from '../../../lib/early-reads';
import { countQueued, getCached } from '../../../lib/saved-copies';
import { counterCatalogueCacheKey, counterCatalogueOf } from '../api/counter-catalogue-key';
import { addLine, isKeyedLines, type KeyedLine, priceCart, stepQuantity } from '../lib/cart';
import { basketLinesHtml, counterHtml, takeCashLabel, totalHtml } from './counter-view';

/** The draft keys of the app's counter (components/sell-screen.tsx). */
const LINES_DRAFT = 'sale.lines';
const TEXT_DRAFTS = new Set(['sale.phone', 'sale.firstname']);

const isString = (v: unknown): v is string => typeof v === 'string';

/** The staff session kept for outages, and the shift's copy, in the device's `shift` table. */
export const STAFF_AUTH_KEY = 'staff-auth';
export const ACTIVE_SHIFT_KEY = 'active-shift';

/** What the counter is drawn from: all of it read from this device. */
export type CounterCopy = { products: Product[] };

/**
 * Whether the counter is the app's whatever this device holds: a sale taken further than its cash
 * form (another payment chosen, the hand-over switched off), or sales or shift actions waiting to
 * sync (the app lists them and takes what they sold off the stock shown).
 */
export async function counterAsksForApp(): Promise<boolean> {
  const pay = readDraft('sale.pay', isString);
  if ((pay !== undefined && pay !== 'Cash') || readDraft('sale.handOver', (v): v is boolean => v === false) === false)
    return true;
  return (await countQueued()) > 0;
}

/**
 * The counter as this device last saw it, or null when it holds no such copy: no staff session
 * kept here, no shift (or none kept), the shift at another center than the one the tablet last
 * sold at (the app's first reads are that center's), or no catalogue kept for it.
 */
export async function readCounter(): Promise<CounterCopy | null> {
  const center = rememberedCounterCenter();
  if (!center) return null;
  // The keys the dashboard keeps them under (app/layouts/dashboard/staff-auth-snapshot.ts and
  // features/shift's ACTIVE_SHIFT_CACHE_KEY; the first views' parity test checks they are the same).
  const [auth, shift, catalogue] = await Promise.all([
    getCached<AuthObject>('shift', STAFF_AUTH_KEY),
    getCached<Shift | null>('shift', ACTIVE_SHIFT_KEY),
    getCached<unknown>('shift', counterCatalogueCacheKey(center)),
  ]);
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
 * on it asks for the app at once (which the view asked for already), and the app's same control
 * is pressed once the app has drawn; what was typed in the app's fields meanwhile (a refund's
 * number, a weight of gas) is carried to them, and the field being typed in keeps the keyboard.
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
  const handover = followHandover(root, {
    view: '[data-counter-view]',
    appDrawn: (outsideViews) => [...document.querySelectorAll('#main form[aria-label="Sale"]')].some(outsideViews),
  });

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
    // A label's click reaches its control as a click of its own.
    if (button instanceof HTMLLabelElement && button.control) return;
    const { add, step, line, remove } = button.dataset;
    if (add) {
      const product = products.find((p) => p.id === add);
      if (product && product.available !== 0) update(addLine(lines, { productId: product.id, quantity: 1 }));
    } else if (step && line) update(stepQuantity(lines, line, step === '1' ? 1 : -1));
    else if (remove) update(lines.filter((l) => l.key !== remove));
    else if (button.dataset.draft === undefined) {
      // The app's control (the gas picker, the payment, the refund): the app presses it once it has
      // drawn the counter, so the tap is not lost. A field is typed in here meanwhile.
      if (!isTyped(button)) {
        event.preventDefault();
        handover.press(button);
      }
      void runApp();
    }
  });
  root.addEventListener('submit', (event) => event.preventDefault());
  root.addEventListener('input', (event) => {
    const input = event.target as HTMLInputElement;
    const key = input.dataset.draft;
    if (key && TEXT_DRAFTS.has(key)) writeDraft(key, input.value);
    else if (input.dataset.app !== undefined) void runApp();
  });
}
