// The shift screen's first view without the app (app/first-views runs it), for a member on shift:
// the drawer's figures and the end-of-shift count, drawn from the tablet's copies (the staff
// session, the shift and the day's shifts the app keeps) or, holding none, from the network's
// answers, then the app at once, which draws the same screen in its place. The count typed meanwhile
// is the app's draft of it (`shift.amount`, components/shift-panel.tsx), so the app's field holds
// it; End shift tapped meanwhile is pressed in the app once it has drawn.
import { MONEY_MAX } from '../../../../domain/constants';
import { nairaToKobo } from '../../../../domain/format';
import type { AuthObject } from '../../../../domain/schemas/auth';
import type { Shift } from '../../../../domain/schemas/shift';
import { followHandover } from '../../../components/first-view/handover';
import type { RunApp } from '../../../components/first-view/html';
import { readDraft, writeDraft } from '../../../lib/drafts';
import { lagosDay } from '../../../lib/early-reads';
import { countQueued, getCached } from '../../../lib/saved-copies';
import { ACTIVE_SHIFT_CACHE_KEY } from '../api/active-shift';
import { TODAY_SHIFTS_CACHE_KEY } from '../api/today-shifts';
import { againstExpectedHtml, endShiftButtonHtml, type ShiftPage, shiftHtml } from './shift-view';

/** The app's draft of the figure typed (components/shift-panel.tsx). */
const AMOUNT_DRAFT = 'shift.amount';
type AmountDraft = { kind: 'shift.start' | 'shift.end'; amount: number | string };
const isEndDraft = (v: unknown): v is AmountDraft =>
  typeof v === 'object' &&
  v !== null &&
  (v as AmountDraft).kind === 'shift.end' &&
  ['number', 'string'].includes(typeof (v as AmountDraft).amount);

/** The staff session kept for outages, in the device's `shift` table (app/layouts/dashboard). */
export const STAFF_AUTH_KEY = 'staff-auth';

/**
 * Whether the screen is the app's whatever this device holds: shift actions or sales waiting to
 * sync, or refused (the app lists them, and may not let the shift end yet).
 */
export async function shiftAsksForApp(): Promise<boolean> {
  return (await countQueued()) > 0;
}

/** What the view draws from this device: the staff session it was kept for, and the page. */
export type ShiftCopy = { auth: AuthObject; page: ShiftPage };

/**
 * The screen as this device last saw it, or null when it holds no such copy: no staff session
 * kept here, no shift on (or none kept), or no list of the day's shifts kept today.
 */
export async function readShift(now = Date.now()): Promise<ShiftCopy | null> {
  const [auth, shift, today] = await Promise.all([
    getCached<AuthObject>('shift', STAFF_AUTH_KEY),
    getCached<Shift | null>('shift', ACTIVE_SHIFT_CACHE_KEY),
    getCached<Shift[]>('shift', TODAY_SHIFTS_CACHE_KEY),
  ]);
  if (!auth?.value?.isLogin || !auth.value.client?.staff) return null;
  if (!shift?.value?.workingNow) return null;
  if (!today || !Array.isArray(today.value) || lagosDay(today.updatedAt) !== lagosDay(now)) return null;
  return { auth: auth.value, page: { shift: shift.value, today: today.value } };
}

/** Digits and at most one point with two decimals after it, as the app's field takes a figure. */
function figureOf(typed: string): string {
  const [whole = '', ...rest] = typed.replace(/[^\d.]/g, '').split('.');
  return rest.length > 0 ? `${whole}.${rest.join('').slice(0, 2)}` : whole;
}

/** A figure as the app's field shows it: ₦, thousands with commas, the point and decimals typed. */
function shownFigure(figure: string): string {
  if (figure === '') return '';
  const [whole = '', decimals] = figure.split('.');
  return `₦${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${decimals !== undefined ? `.${decimals}` : ''}`;
}

/** The draft's amount for a figure, as the app's field gives it: a number once it is one. */
const amountOf = (figure: string): number | string =>
  figure === '' || figure.endsWith('.') || !Number.isFinite(Number(figure)) ? figure : Number(figure);

/** Kobo of the figure once it is one, as the app's form reads it. */
const koboOf = (amount: number | string) => (typeof amount === 'number' ? nairaToKobo(amount) : null);

/**
 * Draws the shift screen in `screen` and runs its count until the app's screen replaces it: the
 * figure typed is shown as the app's field shows it, kept as the app's draft, and set against the
 * expected cash; End shift (or Enter) asks for the app, whose End shift is pressed once it has
 * drawn, with the same figure in its field. The keyboard goes to the app's field.
 */
export function runShift(options: { screen: HTMLElement; page: ShiftPage; runApp: RunApp }) {
  const { screen, page, runApp } = options;
  const drafted = readDraft(AMOUNT_DRAFT, isEndDraft)?.amount;
  let figure = drafted === undefined ? '' : figureOf(String(drafted));
  screen.innerHTML = shiftHtml(page, shownFigure(figure), koboOf(amountOf(figure)));
  screen.removeAttribute('aria-busy');
  const root = screen.querySelector<HTMLElement>('[data-shift-view]') as HTMLElement;
  const field = root.querySelector<HTMLInputElement>('#shift-count') as HTMLInputElement;
  const against = root.querySelector<HTMLElement>('[data-shift="against"]') as HTMLElement;
  const handover = followHandover(root, {
    view: '[data-shift-view]',
    appDrawn: (outsideViews) => [...document.querySelectorAll('#main form')].some(outsideViews),
  });

  root.addEventListener('input', (event) => {
    if (event.target !== field) return;
    const caret = field.selectionStart ?? field.value.length;
    // Where the caret is, counted in the figure's own characters, so it stays there once shown.
    const before = figureOf(field.value.slice(0, caret)).length;
    const next = figureOf(field.value);
    // Beyond the most a money field takes, the key is not taken (the app's field refuses it too).
    if (next === '' || Number(next) <= MONEY_MAX) figure = next;
    field.value = shownFigure(figure);
    let at = 0;
    for (let seen = 0; at < field.value.length && seen < before; at++) if (/[\d.]/.test(field.value[at] ?? '')) seen++;
    if (at === 0 && figure !== '') at = 1;
    field.setSelectionRange(at, at);
    const amount = amountOf(figure);
    // The draft first: should the app take over now, its field reads this figure.
    writeDraft(AMOUNT_DRAFT, figure === '' ? null : { kind: 'shift.end', amount });
    const kobo = koboOf(amount);
    against.innerHTML = kobo !== null ? againstExpectedHtml(page.shift.expectedCash, kobo) : '';
    const button = root.querySelector<HTMLElement>('[data-shift="submit"]');
    if (button) button.outerHTML = endShiftButtonHtml(kobo !== null);
  });
  root.addEventListener('submit', (event) => {
    event.preventDefault();
    const button = root.querySelector<HTMLButtonElement>('[data-shift="submit"]');
    if (!button || button.disabled) return;
    // The app ends the shift: its End shift is pressed once it has drawn, the same figure in it.
    handover.press(button);
    void runApp();
  });
  root.addEventListener('click', (event) => {
    // The field's steps are the app's.
    if ((event.target as Element).closest('[data-shift="step"]')) void runApp();
  });
}
