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
  const handover = followHandover(root);

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

/** A control's name as both drawings give it: its aria-label, else its label's text. */
function controlName(control: HTMLElement): string | null {
  const label = control.getAttribute('aria-label') ?? (control as HTMLInputElement).labels?.[0]?.textContent;
  return label?.trim() || null;
}

/** A field typed in (not a picker drawn as one, nor a choice). */
const isTyped = (control: Element): control is HTMLInputElement =>
  control instanceof HTMLInputElement && control.type === 'text' && !control.readOnly;

/** How long the view waits for the app to draw the counter in its place. */
const HANDOVER_WAIT_MS = 30_000;

/**
 * Once the view is gone and the app has drawn the counter in its place (the app may draw its
 * loading frame first): presses the app's controls named as those tapped here (the size picker
 * opens, the payment is chosen), writes what was typed in the app's fields here into the app's
 * same fields, as typing would, and gives the keyboard to the app's field named as the one last
 * typed in here. Each is done once the app's control is there; one the app's counter does not
 * have, or on another screen the app drew instead, is left alone.
 */
function followHandover(root: HTMLElement) {
  const pressed: string[] = [];
  let focused: HTMLElement | null = null;
  root.addEventListener('focusin', (event) => {
    focused = event.target as HTMLElement;
  });
  root.addEventListener('focusout', () => {
    // Left for another place on the page; the view's removal (the browser may blur its field as it
    // goes) keeps the field it had.
    setTimeout(() => {
      if (root.isConnected && !root.contains(document.activeElement)) focused = null;
    }, 0);
  });
  // Keys typed between the view's going and the app's field taking the keyboard, for that field.
  let typedMeanwhile = '';
  const keepKeys = (event: KeyboardEvent) => {
    const nowhere = document.activeElement === document.body || document.activeElement === null;
    if (!nowhere || !(focused instanceof HTMLInputElement) || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key.length === 1) typedMeanwhile += event.key;
    else if (event.key === 'Backspace') typedMeanwhile = typedMeanwhile.slice(0, -1);
    else return;
    event.preventDefault();
  };
  const outsideViews = (element: Element) => !element.closest('[data-counter-view]');
  const appControl = (name: string | null) =>
    name === null
      ? undefined
      : [...document.querySelectorAll<HTMLElement>('#main button, #main input')].find(
          (c) => outsideViews(c) && controlName(c) === name && !(c as HTMLButtonElement).disabled,
        );
  // Named while the view is on the page: a field's labels are not found once it is gone.
  const fields = new Map(
    [...root.querySelectorAll<HTMLInputElement>('input')].filter(isTyped).map((field) => [field, controlName(field)]),
  );
  // What is left to do in the app's counter, each step done (and dropped) once its control is there.
  let steps: (() => boolean)[] | null = null;
  const stepsOnceGone = () => [
    ...pressed.map((name) => () => {
      const control = appControl(name);
      control?.click();
      return control !== undefined;
    }),
    ...[...fields]
      .filter(([field]) => field.dataset.app !== undefined && field.value !== field.defaultValue)
      .map(([field, name]) => () => {
        const target = appControl(name);
        if (target instanceof HTMLInputElement && isTyped(target)) typeInto(target, field.value);
        return target !== undefined;
      }),
    () => {
      const target = focused instanceof HTMLInputElement ? appControl(fields.get(focused) ?? null) : undefined;
      // The keyboard is given only if nothing else took it meanwhile.
      if (!(target instanceof HTMLInputElement) || document.activeElement !== document.body)
        return target !== undefined;
      target.focus();
      if (typedMeanwhile) typeInto(target, target.value + typedMeanwhile);
      return true;
    },
  ];
  const stop = () => {
    observer.disconnect();
    document.removeEventListener('keydown', keepKeys, true);
  };
  const observer = new MutationObserver(() => {
    if (root.isConnected) return;
    if (!steps) {
      steps = stepsOnceGone();
      document.addEventListener('keydown', keepKeys, true);
    }
    steps = steps.filter((step) => !step());
    // Done, or the app's counter is drawn (a control it did not draw then, it does not have).
    const appsCounter = [...document.querySelectorAll('#main form[aria-label="Sale"]')].some(outsideViews);
    if (steps.length === 0 || appsCounter) stop();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  setTimeout(stop, HANDOVER_WAIT_MS);
  return {
    press(control: HTMLElement) {
      const name = controlName(control);
      if (name) pressed.push(name);
    },
  };
}

/** Sets a field's value as typing would: the app's controlled field hears an input event. */
function typeInto(field: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
