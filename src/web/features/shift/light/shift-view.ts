// The shift screen's first view as markup (shift-light.ts drives it): the markup and Mantine
// classes the app's shift screen (components/shift-panel.tsx, shift-summary.tsx) renders for a
// member on shift, so that when the app takes the page over and draws its screen in the same
// place, nothing moves. The page carries the rules of these classes (scripts/prerender.mjs
// inlines them from shiftSampleHtml).
import { formatDate, formatNaira } from '../../../../domain/format';
import type { Center } from '../../../../domain/schemas/center';
import type { Shift } from '../../../../domain/schemas/shift';
import { esc } from '../../../components/first-view/html';
import { group, sizedText, stack, text, title } from '../../../components/first-view/mantine-html';
import { formatTime } from '../../../lib/lagos-time';

/** The count's field and its words, as the app's form has them for a member on shift. */
export const COUNT_LABEL = 'Cash counted in the drawer';
const COUNT_DESCRIPTION = 'Count every note and coin before ending the shift.';
export const END_SHIFT = 'End shift';

/** The app's grey for secondary words (readable on a tablet in daylight). */
const SECONDARY = ' color: light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1));';

/** The status badges' colours (components/status-badge.tsx, `statusToneColor`) that this screen shows. */
const BADGE_BG = { ok: '#1b5e20', bad: 'var(--mantine-color-red-9)', accent: 'var(--mantine-color-violet-9)' };

const badge = (bg: string, body: string, large = false) =>
  `<div class="m_347db0ec mantine-Badge-root" data-variant="filled"${large ? ' data-size="lg"' : ''} style="${
    large
      ? '--badge-height: var(--badge-height-lg); --badge-padding-x: var(--badge-padding-x-lg); --badge-fz: var(--badge-fz-lg); '
      : ''
  }--badge-bg: ${bg}; --badge-color: var(--mantine-color-white); --badge-bd: calc(0.0625rem * var(--mantine-scale)) solid transparent; min-width: max-content;"><span class="m_5add502a mantine-Badge-label">${body}</span></div>`;

const card = (padding: 'md' | 'lg', body: string) =>
  `<div class="m_e615b15f mantine-Card-root m_1b7284a3 mantine-Paper-root" data-with-border="true" data-orientation="vertical" style="--paper-radius: var(--mantine-radius-md); --card-padding: var(--mantine-spacing-${padding});">${body}</div>`;

/** A drawer's difference, as the app's VarianceBadge says it. */
export function varianceHtml(variance: number): string {
  if (variance === 0) return badge(BADGE_BG.ok, 'Balanced');
  return variance < 0
    ? badge(BADGE_BG.bad, `Short ${esc(formatNaira(-variance))}`)
    : badge(BADGE_BG.accent, `Over ${esc(formatNaira(variance))}`);
}

/** The count against the drawer's expected cash, under the field once a figure is typed. */
export const againstExpectedHtml = (expected: number, counted: number) =>
  group(
    'var(--mantine-spacing-xs)',
    'center',
    'flex-start',
    'wrap',
    `${sizedText('sm', `Against the expected ${esc(formatNaira(expected))}:`)}${varianceHtml(counted - expected)}`,
  );

const figure = (label: string, value: number) =>
  stack('0rem', `${sizedText('xs', esc(label), SECONDARY)}${text(esc(formatNaira(value)), 'font-weight: 600;')}`);

/** A shift's drawer, as the app's ShiftSummary draws it. */
function summaryHtml(shift: Shift): string {
  const when = `${formatDate(shift.startedAt)} ${formatTime(shift.startedAt)}${
    shift.endedAt ? ` – ${formatTime(shift.endedAt)}` : ' – now'
  }`;
  const figures = [
    figure('Opening float', shift.openingFloat),
    figure('Cash sales', shift.cashSales),
    figure('Cash refunds', shift.cashRefunds),
    figure('Card and transfer', shift.sales.Electronic),
    figure('Wallet', shift.sales.Wallet),
    figure('Expected cash', shift.expectedCash),
    shift.closingCash !== null ? figure('Counted cash', shift.closingCash) : '',
  ].join('');
  return stack(
    'var(--mantine-spacing-sm)',
    `${group(
      'var(--mantine-spacing-xs)',
      'center',
      'flex-start',
      'wrap',
      `${text(esc(shift.staffName), 'font-weight: 600;')}${sizedText('sm', esc(when), SECONDARY)}${
        shift.variance !== null ? varianceHtml(shift.variance) : ''
      }`,
    )}<div class="m_2415a157 mantine-SimpleGrid-root shift-light-grid">${figures}</div>${sizedText(
      'xs',
      'Card and transfer, and wallet, count every order sold or handed over on this shift, paid at the counter or in the app. Only cash goes through the drawer.',
      SECONDARY,
    )}`,
  );
}

/** The NumberInput's up and down steps (aria-hidden, out of the tab order, as Mantine draws them). */
const step = (direction: 'up' | 'down') =>
  `<button class="mantine-focus-auto m_80b4b171 mantine-NumberInput-control m_87cf2631 mantine-UnstyledButton-root" data-direction="${direction}" type="button" tabindex="-1" aria-hidden="true" data-shift="step"><svg viewBox="0 0 15 15" fill="none" xmlns="http://www.w3.org/2000/svg" style="width: var(--ni-chevron-size); height: var(--ni-chevron-size);${
    direction === 'up' ? ' transform: rotate(180deg);' : ''
  }"><path d="M3.13523 6.15803C3.3241 5.95657 3.64052 5.94637 3.84197 6.13523L7.5 9.56464L11.158 6.13523C11.3595 5.94637 11.6759 5.95657 11.8648 6.15803C12.0536 6.35949 12.0434 6.67591 11.842 6.86477L7.84197 10.6148C7.64964 10.7951 7.35036 10.7951 7.15803 10.6148L3.15803 6.86477C2.95657 6.67591 2.94637 6.35949 3.13523 6.15803Z" fill="currentColor" fill-rule="evenodd" clip-rule="evenodd"></path></svg></button>`;

/** The count's field (the app's MoneyInput, size md, required), holding `shown`. */
const countFieldHtml = (shown: string) =>
  `<div class="m_e2f5cd4e m_46b77525 mantine-InputWrapper-root mantine-NumberInput-root" data-size="md"><label class="m_8fdc1311 mantine-InputWrapper-label mantine-NumberInput-label" data-size="md" data-required="true" for="shift-count" id="shift-count-label" style="--input-label-size: var(--mantine-font-size-md);">${COUNT_LABEL}<span class="m_78a94662 mantine-InputWrapper-required mantine-NumberInput-required" aria-hidden="true"> *</span></label><p class="m_fe47ce59 mantine-InputWrapper-description mantine-NumberInput-description" data-size="md" id="shift-count-description" style="color: light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1)); --input-description-size: calc(var(--mantine-font-size-md) - calc(0.125rem * var(--mantine-scale)));">${COUNT_DESCRIPTION}</p><div class="m_6c018570 mantine-Input-wrapper mantine-NumberInput-wrapper" data-variant="default" data-size="md" data-with-right-section="true" style="--input-margin-top: calc(var(--mantine-spacing-xs) / 2); --input-height: var(--input-height-md); --input-fz: var(--mantine-font-size-md); --input-right-section-width: var(--ni-right-section-width-md);"><input inputmode="decimal" class="m_8fb7ebe7 mantine-Input-input mantine-NumberInput-input" data-variant="default" required="" aria-describedby="shift-count-description" id="shift-count" type="text" autocomplete="off" data-draft="shift.amount" value="${esc(
    shown,
  )}"><div data-position="right" class="m_82577fc2 mantine-Input-section mantine-NumberInput-section"><div class="m_95e17d22 mantine-NumberInput-controls" style="--ni-chevron-size: var(--ni-chevron-size-md);">${step(
    'up',
  )}${step('down')}</div></div></div></div>`;

/** The End shift button (red, as the app's), disabled until a figure is typed. */
export const endShiftButtonHtml = (enabled: boolean) =>
  `<button class="mantine-focus-auto${enabled ? ' mantine-active' : ''} m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root" data-size="md"${
    enabled ? '' : ' data-disabled="true" disabled=""'
  } type="submit" data-shift="submit" style="--button-height: var(--button-height-md); --button-padding-x: var(--button-padding-x-md); --button-fz: var(--mantine-font-size-md); --button-bg: var(--mantine-color-red-9); --button-hover: var(--mantine-color-red-8); --button-color: var(--mantine-color-white); --button-bd: calc(0.0625rem * var(--mantine-scale)) solid transparent;"><span class="m_80f1301b mantine-Button-inner"><span class="m_811560b9 mantine-Button-label">${END_SHIFT}</span></span></button>`;

/** What the view draws: the shift on, its day's shifts and the centers' names (when read). */
export type ShiftPage = { shift: Shift; today: readonly Shift[]; centers?: readonly Center[] };

/**
 * The shift screen of a member on shift: its title, the shift's card (the drawer's figures and
 * the end-of-shift count, `shown` in the field, `counted` its kobo when it is a figure), then the
 * day's shifts. The figures' grid in two columns, three from 48em, as the app's SimpleGrid.
 */
export function shiftHtml(page: ShiftPage, shown: string, counted: number | null): string {
  const { shift, today, centers } = page;
  const centerName =
    shift.centerId && (centers?.length ?? 0) > 1 ? centers?.find((c) => c.id === shift.centerId)?.name : undefined;
  const heading = group(
    'var(--mantine-spacing-md)',
    'center',
    'space-between',
    'wrap',
    `${title(2, 'You are on shift', 'h3')}${badge(BADGE_BG.ok, 'Working now', true)}`,
  );
  const form = `<form data-shift="form">${stack(
    'var(--mantine-spacing-sm)',
    `${countFieldHtml(shown)}<div data-shift="against" style="display: contents">${
      counted !== null ? againstExpectedHtml(shift.expectedCash, counted) : ''
    }</div>${endShiftButtonHtml(counted !== null)}`,
  )}</form>`;
  const onShift = card(
    'lg',
    stack(
      'var(--mantine-spacing-md)',
      `${heading}${centerName ? text(`At ${esc(centerName)}`) : ''}${summaryHtml(shift)}${form}`,
    ),
  );
  const day =
    today.length > 0
      ? stack(
          'var(--mantine-spacing-sm)',
          `${title(2, 'Today&#39;s shifts', 'h4')}${today.map((s) => card('md', summaryHtml(s))).join('')}`,
        )
      : '';
  return `<style>.shift-light-grid{--sg-spacing-x:var(--mantine-spacing-sm);--sg-spacing-y:var(--mantine-spacing-sm);--sg-cols:2;}@media(min-width: 48em){.shift-light-grid{--sg-cols:3;}}</style><div class="m_6d731127 mantine-Stack-root" data-shift-view style="--stack-gap: var(--mantine-spacing-lg); --stack-align: stretch; --stack-justify: flex-start; max-width: calc(45rem * var(--mantine-scale));">${title(
    1,
    'Shift',
  )}${onShift}${day}</div>`;
}

/**
 * The shift screen drawn with a sample shift in every state its view can show (a center named,
 * each difference, a count typed and the button enabled, the field empty and the button disabled):
 * the build keeps, of the app's stylesheets, the rules this markup uses, inline in the shift
 * screen's page (scripts/prerender.mjs), so the view is styled with no stylesheet to wait for.
 */
export function shiftSampleHtml(): string {
  const center = { id: 'c1', name: 'c1' } as Center;
  const shift: Shift = {
    id: 's1',
    staffId: 'st1',
    centerId: center.id,
    staffName: 'Sample',
    startedAt: '2026-01-01T08:00:00.000Z',
    endedAt: null,
    workingNow: true,
    openingFloat: 100_000,
    closingCash: null,
    sales: { Cash: 0, Electronic: 0, Wallet: 0, orders: 0 },
    cashSales: 0,
    cashRefunds: 0,
    expectedCash: 100_000,
    variance: null,
  };
  const ended = (variance: number): Shift => ({
    ...shift,
    endedAt: '2026-01-01T09:00:00.000Z',
    workingNow: false,
    closingCash: 100_000 + variance,
    variance,
  });
  const page = { shift, today: [ended(0), ended(-1), ended(1)], centers: [center, { ...center, id: 'c2' }] };
  return `${shiftHtml(page, '₦1,000', 100_000)}${shiftHtml({ shift, today: [] }, '', null)}`;
}
