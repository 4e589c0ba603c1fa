// The shop's first view as markup (shop-light.ts drives it): the same headings, labels and texts
// as the app's shop (components/products-screen.tsx and the shelves, cards and cart it draws), so
// the screen reads the same before and after the app takes over, and so do the browser journeys.
import { CYLINDER_SIZES_KG } from '../../../../domain/constants';
import { ProductType } from '../../../../domain/enums';
import { formatDate, formatNaira } from '../../../../domain/format';
import type { Product } from '../../../../domain/schemas/product';
import c from '../../../components/first-view/first-view.module.css';
import { esc } from '../../../components/first-view/html';
import { type Cart, cartCount, cartSubtotal } from '../lib/cart';
import { CHECKOUT_EMPTY_TEXT, cartLineView, EMPTY_CART_TEXT, productStockNote } from '../lib/shop-model';

export const SHELF_SECTIONS = [
  { type: ProductType.Cylinder, title: 'Cylinders' },
  { type: ProductType.Burner, title: 'Burners and regulators' },
  { type: ProductType.GasStove, title: 'Gas cookers' },
] as const;

/** The client's saved cylinder, as GET /api/cylinder/user lists it. */
export type SavedCylinder = {
  id: string;
  sizeKg: number;
  label: string | null;
  serialNumber: string;
  expiryDate: string;
  expired: boolean;
  warning: string | null;
};

/** The screen: its intro, the shelves, the cart and the checkout's place. */
export function shopHtml(products: readonly Product[]): string {
  const gas = products.find((p) => p.type === ProductType.Gas);
  const shelves = SHELF_SECTIONS.map(({ type, title }) => {
    const list = products.filter((p) => p.type === type);
    if (list.length === 0) return '';
    return `<section aria-label="${esc(title)}"><h2 class="${c.h3} ${c.sectionTitle}">${esc(title)}</h2><div class="${c.cards}">${list
      .map(productCardHtml)
      .join('')}</div></section>`;
  }).join('');
  return `<div class="${c.stack}">
<div><h1 class="${c.h1}">Order gas and products</h1><p class="${c.dimmed} ${c.intro}">Gas is priced per kg; you see the delivery fee before you confirm.</p></div>
<div data-shop="copy-age" hidden></div>
<div class="${c.grid}">
<div class="${c.stack}">${gas ? gasCardHtml(gas) : ''}<section class="${c.card}" aria-labelledby="my-cylinders-title" data-shop="cylinders"><div class="${c.row}"><h2 class="${c.h3}" id="my-cylinders-title">Your cylinders</h2><button type="button" class="${c.button} ${c.subtle}" data-takeover="add-cylinder">Add a cylinder</button></div><div data-shop="cylinder-list"></div></section>${shelves}</div>
<div class="${c.side}"><section class="${c.card}" aria-labelledby="cart-title" data-shop="cart"></section><section class="${c.card}" aria-labelledby="checkout-title" data-shop="checkout"><h2 class="${c.h3}" id="checkout-title">Delivery and payment</h2><p class="${c.dimmed} ${c.sm}" data-shop="checkout-note">${esc(CHECKOUT_EMPTY_TEXT)}</p></section></div>
</div>
<div data-shop="bar"></div>
</div>`;
}

function gasCardHtml(gas: Product): string {
  const chips = CYLINDER_SIZES_KG.map(
    (size) =>
      `<label class="${c.chip}"><input type="radio" name="cylinder-size" value="${size}"${size === 12.5 ? ' checked' : ''}><span>${size} kg · ${esc(
        formatNaira(Math.round(gas.price * size)),
      )}</span></label>`,
  ).join('');
  return `<section class="${c.card}" aria-labelledby="gas-refill-title" data-shop="gas">
<div class="${c.row} ${c.wrap}"><h2 class="${c.h3}" id="gas-refill-title">Gas refill</h2><span class="${c.perKg}">${esc(formatNaira(gas.price))} per kg</span></div>
<p class="${c.dimmed} ${c.sm}">${esc(gas.description)}. Choose your cylinder size; we fill it full unless you ask for less.</p>
<div class="${c.chips}" role="radiogroup" aria-label="Cylinder size">${chips}</div>
<div class="${c.gasForm}"><div class="${c.field}"><label for="gas-kg" class="${c.label}">Amount of gas (kg)</label><p id="gas-kg-hint" class="${c.dimmed} ${c.xs}" data-shop="gas-hint"></p><input id="gas-kg" class="${c.input}" inputmode="decimal" autocomplete="off" aria-describedby="gas-kg-hint gas-kg-error" data-shop="gas-kg"><p id="gas-kg-error" class="${c.error}" data-shop="gas-error"></p></div>
<button type="button" class="${c.button}" data-shop="gas-add"></button></div>
<p class="${c.low} ${c.sm}" data-shop="gas-low" hidden></p>
</section>`;
}

function productCardHtml(p: Product): string {
  const note = productStockNote(p);
  const stock = note ? `<span class="${c.xs} ${note.tone === 'out' ? c.out : c.low}">${esc(note.text)}</span>` : '';
  return `<div class="${c.card} ${c.productCard}" data-product="${esc(p.id)}"><div><p class="${c.name}">${esc(p.name)}</p><p class="${c.dimmed} ${c.sm}">${esc(
    p.description,
  )}</p></div><div class="${c.row}"><div><p class="${c.price}">${esc(formatNaira(p.price))}</p>${stock}</div><div class="${c.rowTight}"><span class="${c.badge}" data-part="in-cart" hidden></span><button type="button" class="${c.button} ${c.light}" data-add="${esc(
    p.id,
  )}" aria-label="Add ${esc(p.name)}">Add</button></div></div></div>`;
}

/** The cart card's content: its title and count, then its lines, or why there are none. */
export function cartHtml(cart: Cart, restoring: boolean): string {
  const count = cartCount(cart);
  const badge =
    restoring && cart.length === 0
      ? ''
      : `<span class="${c.badge} ${c.badgeLg}" aria-label="${count} items in cart">${count}</span>`;
  let body: string;
  if (cart.length === 0 && restoring) {
    body = `<div role="status" aria-label="Loading your saved cart"><span class="${c.skeleton}"></span></div>`;
  } else if (cart.length === 0) {
    body = `<p class="${c.dimmed}">${esc(EMPTY_CART_TEXT)}</p>`;
  } else {
    body = `<ul class="${c.lines}">${cart
      .map((line) => {
        const { label, quantity, detail } = cartLineView(line);
        return `<li class="${c.row}"><div class="${c.grow}"><p class="${c.sm} ${c.medium}">${esc(label)}</p><p class="${c.dimmed} ${c.xs}">${esc(
          detail,
        )}</p></div><input class="${c.input} ${c.quantity}" inputmode="numeric" autocomplete="off" aria-label="Quantity of ${esc(
          label,
        )}" value="${quantity}" data-quantity="${esc(line.key)}"><button type="button" class="${c.remove}" aria-label="Remove ${esc(
          label,
        )}" data-remove="${esc(line.key)}">×</button></li>`;
      })
      .join('')}</ul>`;
  }
  return `<div class="${c.row}"><h2 class="${c.h3}" id="cart-title">Your cart</h2>${badge}</div>${body}`;
}

/** On phones the cart sits below the catalogue: its count, subtotal and a way there, in reach. */
export function barHtml(cart: Cart): string {
  if (cart.length === 0) return '';
  return `<div class="${c.barSpace}" aria-hidden="true"></div><div class="${c.bar}"><p class="${c.medium}">${cartCount(
    cart,
  )} in cart · subtotal ${esc(formatNaira(cartSubtotal(cart)))}</p><button type="button" class="${c.button}" data-shop="to-cart">Checkout</button></div>`;
}

export function cylindersHtml(list: readonly SavedCylinder[]): string {
  if (list.length === 0)
    return `<p class="${c.dimmed} ${c.sm}">Save your cylinders to refill them in one tap and get a reminder before they expire.</p>`;
  return list
    .map(
      (cyl) =>
        `<div class="${c.cylinder}"><div class="${c.row}"><p class="${c.sm}"><b>${esc(cyl.sizeKg)} kg</b> · ${esc(
          cyl.label ?? cyl.serialNumber,
        )} · expires ${esc(formatDate(cyl.expiryDate))}</p><button type="button" class="${c.button} ${c.light}" data-refill="${esc(
          cyl.sizeKg,
        )}"${cyl.expired ? ' disabled' : ''} aria-label="Refill ${esc(cyl.sizeKg)} kg cylinder ${esc(cyl.serialNumber)}">Refill</button></div>${
          cyl.warning
            ? `<p class="${c.notice} ${cyl.expired ? c.noticeRed : c.noticeYellow}" role="${cyl.expired ? 'alert' : 'status'}">${esc(cyl.warning)}</p>`
            : ''
        }</div>`,
    )
    .join('');
}
