// An order's first view without the app (app/first-views runs it): the
// order as the app's order screen draws it (components/order-detail-screen.tsx): its number and
// status, the ways to pay an unpaid one, the pickup QR code and code once paid, the items and
// totals, the status timeline; read again every 30 s while it may still move and when the page is
// looked at again, and the copy saved on the device offline. Every button (pay, pay from the
// wallet or the saved card, cancel, order again) hands the page to the app, which presses it
// (lib/shop-handoff.ts, OrderIntent): one implementation of paying, the app's. A home delivery on
// its way (its live delivery card) is the app's at once.
import { formatDate } from '../../../../domain/format';
import type { Center } from '../../../../domain/schemas/center';
import type { Order, OrderEvent, OrderQr } from '../../../../domain/schemas/order';
import type { SavedCard } from '../../../../domain/schemas/payment';
import c from '../../../components/first-view/first-view.module.css';
import { badgeTint, esc, offlineCopyHtml, type RunApp } from '../../../components/first-view/html';
import { listen } from '../../../components/first-view/listen';
import { safeDecode } from '../../../lib/early-reads';
import { formatDateTime } from '../../../lib/lagos-time';
import type { Cached } from '../../../lib/offline-copy';
import { paths } from '../../../lib/paths';
import { getOrderQr, ORDER_SCREEN_REFRESH_MS, orderRefreshInterval } from '../api/client-orders';
import {
  type CheckoutWallet,
  type ItemsTable,
  orderCenterText,
  orderHasLiveDelivery,
  orderItemsTable,
  orderPayChoices,
  orderShowsPickup,
  orderWhereText,
  type PayButton,
} from '../lib/order-model';
import { orderStatusInfo, pickupCodeHint, timelineSteps } from '../lib/order-status';
import { clearOrderHandoff, handOverOrder, type OrderIntent } from '../lib/shop-handoff';
import o from './order-light.module.css';

/**
 * What the view shows: the order, the wallet and saved card an unpaid one can be paid with, and
 * the gas centers (the address and hours of the one it is collected at; none when not read).
 */
export type OrderPage = {
  order: Cached<Order>;
  wallet: CheckoutWallet;
  card: SavedCard | null;
  centers?: readonly Center[] | undefined;
};

/** A home delivery past payment has the app's live delivery card (the rider, the steps): the app draws it. */
export const orderAsksForApp = (order: Order) => orderHasLiveDelivery(order);

/** The order named by an order page's address (/order/ARV-7K2M9Q), as the router decodes it. */
export const orderNumberIn = (pathname: string): string => safeDecode(pathname.split('/')[2] ?? '');

const nowrap = (text: string) => `<span class="${o.nowrap}">${esc(text)}</span>`;

const noticeHtml = (order: Cached<Order>, online: boolean) =>
  online && !order.fromCache ? '' : offlineCopyHtml(order.updatedAt);

function headHtml(order: Order): string {
  const info = orderStatusInfo[order.status];
  return `<div class="${c.row} ${o.head}"><div><h1 class="${c.h1}">Order ${nowrap(order.orderNumber)}</h1><p class="${c.dimmed} ${c.sm}">Placed ${esc(
    formatDate(order.createdAt),
  )}${order.paidAt ? ` · Payment number ${nowrap(order.paymentNumber)}` : ''}</p></div><span class="${c.status}" style="--tint:${badgeTint(
    info.color,
  )}" title="${esc(info.hint)}">${esc(order.status)}</span></div>`;
}

/** Order again, and the receipt once paid (the app's OrderFollowUp). */
function followUpHtml(order: Order, clientId: string | null): string {
  const again = clientId
    ? `<button type="button" class="${c.button} ${c.light}" data-intent="order-again">Order again</button>`
    : '';
  const receipt = order.paidAt
    ? `<a class="${c.button} ${o.default}" href="${paths.orderReceipt.getHref(order.orderNumber)}">Receipt</a>`
    : '';
  return again || receipt ? `<div class="${o.buttons}">${again}${receipt}</div>` : '';
}

const BUTTON_STYLE: Record<PayButton['variant'], string> = {
  filled: '',
  default: o.default as string,
  light: c.light as string,
  danger: o.danger as string,
};

/** The ways to pay an unpaid order (lib/order-model.ts); nothing once it is paid or cancelled. */
export function payHtml(page: OrderPage, online: boolean): string {
  const { data: order, fromCache } = page.order;
  const choices = orderPayChoices(order, { wallet: page.wallet, card: page.card, offline: fromCache || !online });
  if (!choices) return '';
  const buttons = choices.buttons
    .map(
      (b) =>
        `<button type="button" class="${c.button} ${BUTTON_STYLE[b.variant]}" data-intent="${b.intent}"${b.disabled ? ' disabled' : ''}>${esc(b.label)}</button>`,
    )
    .join('');
  const line = choices.wallet;
  const walletLine =
    line?.kind === 'balance'
      ? `<p class="${c.sm} ${o.walletLine}"><span class="${c.dimmed}">${esc(line.text)}</span>${
          line.topUp ? ` <a class="${c.link}" href="${esc(line.topUp.href)}">${esc(line.topUp.text)}</a>` : ''
        }</p>`
      : line?.kind === 'create'
        ? `<p class="${c.sm} ${c.dimmed}">${esc(line.text)} <a class="${c.link}" href="${esc(line.link.href)}">${esc(line.link.text)}</a></p>`
        : '';
  return `<div class="${c.card}"><p class="${c.name}">${esc(choices.title)}</p><div class="${o.buttons}">${buttons}</div>${walletLine}</div>`;
}

/** The pickup code and its QR code, once paid and until handed over. */
type ShownQr = { qr: Cached<OrderQr>; image: string | null } | { error: string } | null;

function pickupHtml(order: Order, shown: ShownQr): string {
  if (!orderShowsPickup(order)) return '';
  let image = `<span class="${o.loader}" role="status" aria-label="Loading the QR code"></span>`;
  if (shown && 'error' in shown)
    image = `<div class="${c.notice} ${c.noticeRed}" role="alert"><p class="${c.sm}">${esc(shown.error)}</p></div>`;
  else if (shown?.image)
    image = `<img class="${o.qr}" src="${esc(shown.image)}" alt="Pickup QR code for order ${esc(order.orderNumber)}" width="280" height="280">`;
  const code =
    shown && 'qr' in shown
      ? `<div><p class="${c.sm}">Pickup code</p><p class="${o.code}" data-testid="pickup-code" aria-label="Pickup code ${esc(
          shown.qr.data.pickupCode.split('').join(' '),
        )}">${esc(shown.qr.data.pickupCode)}</p></div>`
      : '';
  return `<section class="${c.card} ${o.pickup}" aria-labelledby="pickup-title"><h2 class="${c.h3}" id="pickup-title">Pickup</h2><p class="${c.sm} ${c.dimmed}">${esc(pickupCodeHint(order.centerName))}</p><div class="${o.qrBox}">${image}</div>${code}</section>`;
}

/** The items table (lib/order-model.ts orderItemsTable), as the app's OrderItemsTable draws it. */
export function itemsTableHtml(table: ItemsTable): string {
  const rows = table.rows
    .map(
      (row) =>
        `<tr><td>${esc(row.name)}</td><td>${esc(row.quantity)}</td><td class="${o.right}">${esc(row.amount)}</td></tr>`,
    )
    .join('');
  const foot = table.foot
    .map(
      (row) =>
        `<tr><th colspan="2">${esc(row.label)}</th><td class="${o.right}${row.strong ? ` ${o.total}` : ''}">${esc(row.amount)}</td></tr>`,
    )
    .join('');
  return `<div class="${o.scroll}"><table class="${o.table}"><thead><tr><th>Item</th><th>Quantity</th><th class="${o.right}">Amount</th></tr></thead><tbody>${rows}</tbody><tfoot>${foot}</tfoot></table></div>`;
}

function itemsHtml(order: Order, centers: OrderPage['centers']): string {
  const center = orderCenterText(order, centers);
  return `<section class="${c.card} ${o.itemsCard}" aria-labelledby="items-title"><h2 class="${c.h3}" id="items-title">Items</h2>${itemsTableHtml(
    orderItemsTable(order),
  )}<p class="${c.sm}">${esc(orderWhereText(order))}</p>${center ? `<p class="${c.sm}">${esc(center)}</p>` : ''}</section>`;
}

/** Every status the order went through, with the time (the app's OrderTimeline). */
function timelineHtml(events: readonly OrderEvent[], items: Order['items']): string {
  const steps = timelineSteps(events, items)
    .map(
      ({ event: e, title }) =>
        `<li class="${o.step}"><p class="${o.stepTitle}">${esc(title)}</p><p class="${c.xs} ${c.dimmed}"><time datetime="${esc(
          e.at,
        )}">${esc(formatDateTime(e.at))}</time></p>${e.note ? `<p class="${c.sm}">${esc(e.note)}</p>` : ''}</li>`,
    )
    .join('');
  return `<section class="${c.card}" aria-labelledby="timeline-title"><h2 class="${c.h3}" id="timeline-title">Status</h2><ol class="${o.timeline}" aria-label="Order status timeline">${steps}</ol></section>`;
}

const PARTS = ['notice', 'head', 'follow', 'pay', 'pickup', 'items', 'timeline'] as const;
type Part = (typeof PARTS)[number];

/**
 * Draws the order in `screen` and runs it until `runApp` has taken the page over (and ended
 * `cleanups`, to which the order adds its own). `read` reads the page again (null: the app must
 * draw it now, a delivery on its way or a refund to explain).
 */
export function runOrder(options: {
  screen: HTMLElement;
  page: OrderPage;
  clientId: string | null;
  read: () => Promise<OrderPage | null>;
  runApp: RunApp;
  cleanups: (() => void)[];
}) {
  const { screen, clientId, read, runApp, cleanups } = options;
  let page = options.page;
  let qr: ShownQr = null;
  const orderNumber = page.order.data.orderNumber;
  const html = (part: Part): string => {
    const order = page.order.data;
    if (part === 'notice') return noticeHtml(page.order, navigator.onLine);
    if (part === 'head') return headHtml(order);
    if (part === 'follow') return followUpHtml(order, clientId);
    if (part === 'pay') return payHtml(page, navigator.onLine);
    if (part === 'pickup') return pickupHtml(order, qr);
    if (part === 'items') return itemsHtml(order, page.centers);
    return timelineHtml(order.events, order.items);
  };
  const drawn = new Map<Part, string>(PARTS.map((part) => [part, html(part)]));
  screen.innerHTML = `<div class="${o.screen}"><a class="${c.link} ${c.sm} ${o.back}" href="${paths.orderHistory.getHref()}">← Order history</a>${PARTS.map(
    (part) => `<div class="${o.part}" data-order="${part}">${drawn.get(part)}</div>`,
  ).join('')}</div>`;
  screen.removeAttribute('aria-busy');

  // A part is drawn again only when what it shows changed, and the button that had the focus
  // keeps it: a reading every 30 s must not pull a keyboard or screen-reader user off it.
  const draw = () => {
    for (const part of PARTS) {
      const next = html(part);
      if (drawn.get(part) === next) continue;
      const element = screen.querySelector(`[data-order="${part}"]`) as HTMLElement;
      const active = document.activeElement;
      const focused = active && element.contains(active) ? active.getAttribute('data-intent') : null;
      element.innerHTML = next;
      drawn.set(part, next);
      if (focused) element.querySelector<HTMLElement>(`[data-intent="${focused}"]`)?.focus();
    }
  };

  // The QR code is drawn by its own code, fetched once the code to read out is on screen.
  let qrRead = false;
  const readQr = async () => {
    const order = page.order.data;
    if (qrRead || !orderShowsPickup(order)) return;
    qrRead = true;
    try {
      const answer = await getOrderQr(order.orderNumber, order.id);
      qr = { qr: answer, image: null };
      draw();
      const { default: QRCode } = await import('qrcode');
      const image = await QRCode.toDataURL(answer.data.token, {
        errorCorrectionLevel: 'M',
        margin: 2,
        width: 320,
        color: { dark: '#000000', light: '#ffffff' },
      });
      qr = { qr: answer, image };
    } catch (error) {
      // The code alone, when it came and the drawing failed; the reason otherwise.
      if (!(qr && 'qr' in qr)) {
        qr = { error: error instanceof Error ? error.message : 'The QR code could not be loaded' };
        qrRead = false;
      }
    }
    draw();
  };
  void readQr();

  let taking = false;
  const takeOver = (intent: OrderIntent | null, button: HTMLElement | null) => {
    if (taking) return;
    taking = true;
    if (intent) handOverOrder({ orderNumber, intent });
    button?.setAttribute('aria-busy', 'true');
    runApp().then(
      () => undefined,
      () => {
        taking = false;
        if (intent) clearOrderHandoff();
        button?.removeAttribute('aria-busy');
      },
    );
  };

  // Paid from another device, handed over or cancelled at the counter: read again while shown.
  let reading = false;
  const refresh = async () => {
    if (reading || taking || document.visibilityState !== 'visible') return;
    reading = true;
    try {
      const next = await read();
      if (!next) return takeOver(null, null);
      page = next;
      if (!orderShowsPickup(page.order.data)) qr = null;
      draw();
      void readQr();
    } catch {
      // No network and no copy: what is on screen stays, with its age.
    } finally {
      reading = false;
    }
  };
  const timer = setInterval(() => {
    if (orderRefreshInterval(page.order)) void refresh();
  }, ORDER_SCREEN_REFRESH_MS);
  const onVisible = () => void refresh();
  const onOnline = () => {
    draw();
    void refresh();
  };
  cleanups.push(() => clearInterval(timer));
  listen(cleanups, document, 'visibilitychange', onVisible);
  listen(cleanups, window, 'online', onOnline);
  listen(cleanups, window, 'offline', draw);

  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element).closest<HTMLElement>('button[data-intent]');
    if (!button || !screen.contains(button)) return;
    takeOver(button.dataset.intent as OrderIntent, button);
  };
  listen(cleanups, screen, 'click', onClick);
}
