// The counter's first view as markup (counter-light.ts drives it): the markup and Mantine classes
// the app's counter (components/sell-screen.tsx) renders, so that when the app takes the page over
// and draws its screen in the same place, nothing moves. The counter's page links Mantine's
// stylesheets (scripts/prerender.mjs), so these classes look as the app's do.
import { CYLINDER_SIZES_KG, MAX_ITEM_QUANTITY } from '../../../../domain/constants';
import { ProductType } from '../../../../domain/enums';
import { formatNaira, formatOrderLine } from '../../../../domain/format';
import type { Product } from '../../../../domain/schemas/product';
import { esc } from '../../../components/first-view/html';
import { group, SELECT_CHEVRON, sizedText, stack, text, title } from '../../../components/first-view/mantine-html';
import { canAddOne, type PricedLine } from '../lib/cart';

/** The basket's empty text, as the app's screen says it. */
export const EMPTY_BASKET_TEXT = 'Add products to start a sale.';

const smallText = (body: string, extraStyle = '', attrs = '') => sizedText('sm', body, extraStyle, attrs);
const card = (padding: 'sm' | 'md', body: string, attrs = '', tag = 'div') =>
  `<${tag} class="m_e615b15f mantine-Card-root m_1b7284a3 mantine-Paper-root" data-with-border="true" data-orientation="vertical"${attrs} style="--paper-radius: var(--mantine-radius-md); --card-padding: var(--mantine-spacing-${padding});">${body}</${tag}>`;
const BUTTON =
  'mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root';
const buttonInner = (label: string) =>
  `<span class="m_80f1301b mantine-Button-inner"><span class="m_811560b9 mantine-Button-label">${label}</span></span>`;
const LIGHT_BUTTON_STYLE =
  '--button-height: var(--button-height-md); --button-padding-x: var(--button-padding-x-md); --button-fz: var(--mantine-font-size-md); --button-bg: var(--mantine-color-brand-light); --button-hover: var(--mantine-color-brand-light-hover); --button-color: var(--mantine-color-brand-light-color); --button-bd: calc(0.0625rem * var(--mantine-scale)) solid transparent; flex-shrink: 0;';
const actionIcon = (variant: 'default' | 'subtle', label: string, icon: string, data: string, disabled = false) => {
  const look =
    variant === 'default'
      ? '--ai-bg: var(--mantine-color-default); --ai-hover: var(--mantine-color-default-hover); --ai-color: var(--mantine-color-default-color); --ai-bd: calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-default-border);'
      : '--ai-bg: transparent; --ai-hover: rgba(201, 42, 42, 0.12); --ai-color: var(--mantine-color-red-6); --ai-bd: calc(0.0625rem * var(--mantine-scale)) solid transparent;';
  return `<button class="mantine-focus-auto mantine-active m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root" data-variant="${variant}"${
    disabled ? ' data-disabled="true" disabled=""' : ''
  } type="button" aria-label="${esc(label)}" ${data} style="--ai-size: calc(2.75rem * var(--mantine-scale)); ${look}"><span class="m_8d3afb97 mantine-ActionIcon-icon">${icon}</span></button>`;
};
const textInput = (id: string, label: string, attrs: string, required = false) =>
  `<div class="m_46b77525 mantine-InputWrapper-root mantine-TextInput-root" data-size="md"><label class="m_8fdc1311 mantine-InputWrapper-label mantine-TextInput-label" data-size="md"${
    required ? ' data-required="true"' : ''
  } for="${id}" id="${id}-label" style="--input-label-size: var(--mantine-font-size-md);">${esc(label)}${
    required
      ? '<span class="m_78a94662 mantine-InputWrapper-required mantine-TextInput-required" aria-hidden="true"> *</span>'
      : ''
  }</label><div class="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper" data-variant="default" data-size="md" style="--input-height: var(--input-height-md); --input-fz: var(--mantine-font-size-md);"><input class="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input" data-variant="default" id="${id}" ${attrs}${
    required ? ' required=""' : ''
  }></div></div>`;

/** Mantine's chevrons (the Select's, the NumberInput's steps), as the app's icons draw them. */
const STEP_CHEVRON = (turn: string) =>
  `<svg viewBox="0 0 15 15" fill="none" xmlns="http://www.w3.org/2000/svg" style="width: var(--ni-chevron-size); height: var(--ni-chevron-size);${turn}"><path d="M3.13523 6.15803C3.3241 5.95657 3.64052 5.94637 3.84197 6.13523L7.5 9.56464L11.158 6.13523C11.3595 5.94637 11.6759 5.95657 11.8648 6.15803C12.0536 6.35949 12.0434 6.67591 11.842 6.86477L7.84197 10.6148C7.64964 10.7951 7.35036 10.7951 7.15803 10.6148L3.15803 6.86477C2.95657 6.67591 2.94637 6.35949 3.13523 6.15803Z" fill="currentColor" fill-rule="evenodd" clip-rule="evenodd"></path></svg>`;
const STEP_BUTTON = 'mantine-focus-auto m_80b4b171 mantine-NumberInput-control m_87cf2631 mantine-UnstyledButton-root';
/** The gas weight's step buttons at a full 12.5 kg: up disabled, as the app's. */
const KG_STEPS = `<div class="m_95e17d22 mantine-NumberInput-controls" style="--ni-chevron-size: var(--ni-chevron-size-md);"><button class="${STEP_BUTTON}" data-direction="up" type="button" tabindex="-1" aria-hidden="true" disabled="" data-app="gas-step">${STEP_CHEVRON(' transform: rotate(180deg);')}</button><button class="${STEP_BUTTON}" data-direction="down" type="button" tabindex="-1" aria-hidden="true" data-app="gas-step">${STEP_CHEVRON('')}</button></div>`;

/** A product's line under its name: the price, and what is left when the stock is known. */
const productNote = (p: Product) => `${formatNaira(p.price)}${p.available !== null ? ` · ${p.available} left` : ''}`;

/** A product's card with its Add button (enabled unless none is left), as the app draws it. */
export function productCardHtml(p: Product): string {
  return card(
    'sm',
    group(
      'var(--mantine-spacing-md)',
      'center',
      'space-between',
      'nowrap',
      `${stack('0rem', `${text(esc(p.name), 'font-weight: 600;')}${smallText(esc(productNote(p)))}`)}<button class="${BUTTON}" data-variant="light" data-size="md"${
        p.available === 0 ? ' data-disabled="true" disabled=""' : ''
      } type="button" aria-label="Add ${esc(p.name)}" data-add="${esc(p.id)}" style="${LIGHT_BUTTON_STYLE}">${buttonInner('Add')}</button>`,
    ),
  );
}

/**
 * The gas picker's card at its start (a 12.5 kg cylinder, filled full): its controls are the
 * app's (data-app), so a tap on them hands over.
 */
function gasCardHtml(gas: Product): string {
  const options = CYLINDER_SIZES_KG.map((s) => `${s}`).join(',');
  return card(
    'md',
    stack(
      'var(--mantine-spacing-xs)',
      `${group('var(--mantine-spacing-md)', 'center', 'space-between', 'wrap', `${text(esc(gas.name), 'font-weight: 600;')}${text(`${esc(formatNaira(gas.price))} per kg`)}`)}<div class="m_4081bf90 mantine-Group-root" data-grow="true" style="--group-child-width: calc(50% - (var(--mantine-spacing-md) - var(--mantine-spacing-md) / 2)); --group-gap: var(--mantine-spacing-md); --group-align: flex-end; --group-justify: flex-start; --group-wrap: wrap;"><div class="m_46b77525 mantine-InputWrapper-root mantine-Select-root" data-size="md"><label class="m_8fdc1311 mantine-InputWrapper-label mantine-Select-label" data-size="md" for="counter-gas-size" id="counter-gas-size-label" style="--input-label-size: var(--mantine-font-size-md);">Cylinder size</label><div class="m_6c018570 mantine-Input-wrapper mantine-Select-wrapper" data-variant="default" data-size="md" data-pointer="true" data-with-right-section="true" style="--input-height: var(--input-height-md); --input-fz: var(--mantine-font-size-md); --input-right-section-pointer-events: none;"><input class="m_8fb7ebe7 mantine-Input-input mantine-Select-input" data-variant="default" readonly="" role="combobox" aria-haspopup="listbox" aria-expanded="false" autocomplete="off" id="counter-gas-size" data-app="gas-size" data-sizes="${options}" value="12.5 kg"><div data-position="right" class="m_82577fc2 mantine-Input-section mantine-Select-section">${SELECT_CHEVRON}</div></div></div><div class="m_e2f5cd4e m_46b77525 mantine-InputWrapper-root mantine-NumberInput-root" data-size="md"><label class="m_8fdc1311 mantine-InputWrapper-label mantine-NumberInput-label" data-size="md" for="counter-gas-kg" id="counter-gas-kg-label" style="--input-label-size: var(--mantine-font-size-md);">Gas (kg)</label><div class="m_6c018570 mantine-Input-wrapper mantine-NumberInput-wrapper" data-variant="default" data-size="md" data-with-right-section="true" style="--input-height: var(--input-height-md); --input-fz: var(--mantine-font-size-md); --input-right-section-width: var(--ni-right-section-width-md);"><input inputmode="decimal" class="m_8fb7ebe7 mantine-Input-input mantine-NumberInput-input" data-variant="default" id="counter-gas-kg" type="text" data-app="gas-kg" value="12.5"><div data-position="right" class="m_82577fc2 mantine-Input-section mantine-NumberInput-section">${KG_STEPS}</div></div></div></div><button class="${BUTTON}" data-size="md" type="button" aria-label="Add 12.5 kg of gas for a 12.5 kg cylinder" data-app="gas-add" style="--button-height: var(--button-height-md); --button-padding-x: var(--button-padding-x-md); --button-fz: var(--mantine-font-size-md); --button-color: var(--mantine-color-white);">${buttonInner(
        `Add gas · ${esc(formatNaira(Math.round(gas.price * 12.5)))}`,
      )}</button>`,
    ),
  );
}

/** The basket's lines, or why there are none. */
export function basketLinesHtml(lines: readonly PricedLine[]): string {
  if (lines.length === 0) return text(EMPTY_BASKET_TEXT);
  return lines
    .map((line) => {
      const counted = line.productType !== ProductType.Gas;
      const steps = counted
        ? `${actionIcon('default', `One fewer ${line.name}`, '−', `data-step="-1" data-line="${esc(line.key)}"`)}${actionIcon(
            'default',
            `One more ${line.name}`,
            '+',
            `data-step="1" data-line="${esc(line.key)}"`,
            !canAddOne(line.quantity),
          )}`
        : '';
      const most =
        counted && !canAddOne(line.quantity)
          ? `<p class="mantine-focus-auto m_b6d8b162 mantine-Text-root" data-size="sm" style="--text-fz: var(--mantine-font-size-sm); --text-lh: var(--mantine-line-height-sm); text-align: right;">At most ${MAX_ITEM_QUANTITY} of each in one sale</p>`
          : '';
      return stack(
        'calc(0.25rem * var(--mantine-scale))',
        `${group(
          'var(--mantine-spacing-md)',
          'flex-start',
          'space-between',
          'nowrap',
          `${text(esc(formatOrderLine(line)))}${text(esc(formatNaira(line.lineTotal)), 'white-space: nowrap; font-weight: 600;')}`,
        )}${group(
          'var(--mantine-spacing-xs)',
          'center',
          'flex-end',
          'nowrap',
          `${steps}${actionIcon('subtle', `Remove ${formatOrderLine(line)}`, '×', `data-remove="${esc(line.key)}"`)}`,
        )}${most}`,
        ` data-basket-line="${esc(line.key)}"`,
      );
    })
    .join('');
}

/** The basket's total line. */
export const totalHtml = (total: number) =>
  group(
    'var(--mantine-spacing-md)',
    'center',
    'space-between',
    'wrap',
    `${text('Total', 'font-weight: 700;')}${text(esc(formatNaira(total)), 'font-weight: 700;', ' data-testid="basket-total"')}`,
  );

/** The cash button's label (a sale starts as a cash sale, as the app's does). */
export const takeCashLabel = (total: number) => `Take cash ${formatNaira(total)}`;

const PAY = [
  ['Cash', 'Cash'],
  ['Electronic', 'POS/transfer'],
  ['Wallet', 'Wallet'],
] as const;

/** The sale's form: the basket, the customer, the payment and the button. */
function saleFormHtml(lines: readonly PricedLine[], total: number, phone: string, firstname: string): string {
  const segments = PAY.map(
    ([value, label]) =>
      `<div class="m_69686b9b mantine-SegmentedControl-control"${value === 'Cash' ? ' data-active="true"' : ''}><input class="m_1714d588 mantine-SegmentedControl-input" id="counter-pay-${value}" data-focus-ring="auto" type="radio" value="${value}"${
        value === 'Cash' ? ' checked=""' : ''
      } name="counter-pay" data-app="pay"><label class="m_1738fcb2 mantine-SegmentedControl-label"${value === 'Cash' ? ' data-active="true"' : ''} for="counter-pay-${value}"><span class="m_78882f40 mantine-SegmentedControl-innerLabel">${label}</span></label></div>`,
  ).join('');
  const body = `${title(2, 'Basket', 'h4')}<div data-counter="lines" style="display: contents">${basketLinesHtml(lines)}</div><div data-counter="total" style="display: contents">${totalHtml(total)}</div>${textInput(
    'counter-phone',
    "Customer's phone",
    `placeholder="080…" inputmode="tel" data-draft="sale.phone" value="${esc(phone)}"`,
    true,
  )}${textInput('counter-firstname', "Customer's first name (optional)", `data-draft="sale.firstname" value="${esc(firstname)}"`)}${stack(
    'calc(0.25rem * var(--mantine-scale))',
    `${smallText('Payment', ' font-weight: 500;', ' id="pay-label"')}<div class="m_cf365364 mantine-SegmentedControl-root" data-size="md" data-full-width="true" data-with-items-borders="true" aria-labelledby="pay-label" role="radiogroup" style="--sc-shadow: var(--mantine-shadow-xs); --sc-padding: var(--sc-padding-md); --sc-font-size: var(--mantine-font-size-md);">${segments}</div>`,
  )}<div class="m_5f93f3bb mantine-Switch-root m_5f75b09e mantine-Switch-root" data-size="md" data-label-position="right" data-checked="true" style="--switch-height: var(--switch-height-md); --switch-width: var(--switch-width-md); --switch-thumb-size: var(--switch-thumb-size-md); --switch-label-font-size: var(--switch-label-font-size-md); --switch-track-label-padding: var(--switch-track-label-padding-md); --label-fz: var(--mantine-font-size-md); --label-lh: var(--label-lh-md);"><label class="m_5f6e695e mantine-Switch-body" for="counter-hand-over"><input data-checked="true" id="counter-hand-over" role="switch" aria-describedby="counter-hand-over-description" class="m_926b4011 mantine-Switch-input" type="checkbox" checked="" data-app="hand-over"><span class="m_9307d992 mantine-Switch-track" data-label-position="right" data-without-labels="true" aria-hidden="true"><span class="m_93039a1d mantine-Switch-thumb" data-reduce-motion="true" data-with-thumb-indicator="true"></span><span class="m_8277e082 mantine-Switch-trackLabel"></span></span><div class="m_d3ea56bb mantine-Switch-labelWrapper"><span class="m_8ee546b8 mantine-Switch-label">Hand over now</span><p class="m_328f68c0 mantine-Switch-description m_fe47ce59 mantine-InputWrapper-description" data-size="md" id="counter-hand-over-description" style="--input-description-size: calc(var(--mantine-font-size-md) - calc(0.125rem * var(--mantine-scale))); color: light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1));">Off: the customer collects later with the pickup code.</p></div></label></div><button class="mantine-focus-auto m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root" data-size="lg" data-disabled="true" type="submit" disabled="" data-counter="submit" style="--button-height: var(--button-height-lg); --button-padding-x: var(--button-padding-x-lg); --button-fz: var(--mantine-font-size-lg); --button-color: var(--mantine-color-white);">${buttonInner(
    esc(takeCashLabel(total)),
  )}</button>`;
  return `<form aria-label="Sale" data-counter="sale">${stack('var(--mantine-spacing-sm)', body)}</form>`;
}

/** The refund form as it starts (empty, its button disabled): the app's. */
const REFUND_HTML = card(
  'md',
  `<form>${stack(
    'var(--mantine-spacing-sm)',
    `${title(2, 'Refund a cash sale', 'h4', 'refund-title')}${smallText(
      'Only a cash sale not yet handed over. The cash comes out of your drawer and the products go back in stock.',
    )}${stack(
      'var(--mantine-spacing-sm)',
      `<div class="m_46b77525 mantine-InputWrapper-root mantine-TextInput-root" data-size="md"><label class="m_8fdc1311 mantine-InputWrapper-label mantine-TextInput-label" data-size="md" for="counter-refund" id="counter-refund-label" style="--input-label-size: var(--mantine-font-size-md);">Order or receipt number</label><p class="m_fe47ce59 mantine-InputWrapper-description mantine-TextInput-description" data-size="md" id="counter-refund-description" style="--input-description-size: calc(var(--mantine-font-size-md) - calc(0.125rem * var(--mantine-scale)));">ARV-… or, for a sale made offline, the OFF-… on its receipt</p><div class="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper" data-variant="default" data-size="md" style="--input-margin-top: calc(var(--mantine-spacing-xs) / 2); --input-height: var(--input-height-md); --input-fz: var(--mantine-font-size-md);"><input class="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input" data-variant="default" placeholder="ARV-…" aria-describedby="counter-refund-description" id="counter-refund" data-app="refund" value=""></div></div>${textInput(
        'counter-refund-reason',
        'Reason',
        'data-app="refund" value=""',
      )}`,
    )}<button class="mantine-focus-auto m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root" data-variant="default" data-size="md" data-disabled="true" type="submit" disabled="" style="--button-height: var(--button-height-md); --button-padding-x: var(--button-padding-x-md); --button-fz: var(--mantine-font-size-md); --button-bg: var(--mantine-color-default); --button-hover: var(--mantine-color-default-hover); --button-color: var(--mantine-color-default-color); --button-bd: calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-default-border);">${buttonInner(
      'Refund from the drawer',
    )}</button>`,
  )}</form>`,
  ' aria-labelledby="refund-title"',
  'section',
);

/**
 * The counter: its title, the products (gas first) and the sale's form, then the refund form.
 * The two columns from 64em, as the app's SimpleGrid (cols base 1, md 2) lays them out.
 */
export function counterHtml(
  products: readonly Product[],
  basket: { lines: readonly PricedLine[]; total: number },
  customer: { phone: string; firstname: string },
): string {
  const gas = products.find((p) => p.type === ProductType.Gas);
  const others = products.filter((p) => p.type !== ProductType.Gas);
  const grid = `<style>.counter-light-grid{--sg-spacing-x:var(--mantine-spacing-lg);--sg-spacing-y:var(--mantine-spacing-lg);--sg-cols:1;}@media(min-width: 64em){.counter-light-grid{--sg-cols:2;}}</style><div class="m_2415a157 mantine-SimpleGrid-root counter-light-grid">${stack(
    'var(--mantine-spacing-sm)',
    `${title(2, 'Products', 'h4')}${gas ? gasCardHtml(gas) : ''}${others.map(productCardHtml).join('')}`,
  )}${saleFormHtml(basket.lines, basket.total, customer.phone, customer.firstname)}</div>`;
  return stack(
    'var(--mantine-spacing-md)',
    `${title(1, 'Sell at the counter')}${grid}${REFUND_HTML}`,
    ' data-counter-view',
  );
}

/**
 * The counter drawn with sample goods in every state its view can show (gas, a product, one sold
 * out, a basket line at its most): the build keeps, of the app's stylesheets, the rules this
 * markup uses, inline in the counter's page (scripts/prerender.mjs), so the view is styled with no
 * stylesheet to wait for.
 */
export function counterSampleHtml(): string {
  const product = (id: string, type: Product['type'], available: number | null): Product =>
    ({
      id,
      type,
      name: id,
      description: id,
      price: 100_000,
      sizeKg: null,
      imageUrl: null,
      available,
    }) as Product;
  const products = [
    product('gas', ProductType.Gas, null),
    product('one', ProductType.Burner, 5),
    product('none', ProductType.Burner, 0),
  ];
  const line = (key: string, quantity: number, productType: string): PricedLine => ({
    key,
    name: key,
    quantity,
    sizeKg: null,
    productType,
    unitPrice: 100_000,
    lineTotal: 100_000 * quantity,
  });
  const lines = [line('most', MAX_ITEM_QUANTITY, ProductType.Burner), line('gas', 12.5, ProductType.Gas)];
  return counterHtml(products, { lines, total: 0 }, { phone: '', firstname: '' });
}
