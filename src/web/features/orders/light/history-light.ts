// The history's first view without the app (app/first-views runs it): the
// client's orders as the app's history lists them (components/order-history-screen.tsx), their
// first page from the shell's early read, "Show more orders" by the server's cursor, and the copy
// saved on the device offline. Choosing a status hands the page to the app, its list open.
import { ORDER_HISTORY_PAGE_SIZE } from '../../../../domain/constants';
import { formatNaira } from '../../../../domain/format';
import type { ClientOrderPage, OrderSummary } from '../../../../domain/schemas/order';
import c from '../../../components/first-view/first-view.module.css';
import { badgeTint, esc, offlineCopyHtml, type RunApp } from '../../../components/first-view/html';
import { onConnectionChange } from '../../../components/first-view/listen';
import { ApiError } from '../../../lib/api-client';
import type { Cached } from '../../../lib/offline-copy';
import { getClientOrders, savedOrdersPage } from '../api/client-orders';
import { ALL_ORDERS, historyEmptyText, orderSummaryLine } from '../lib/history-model';
import { orderStatusInfo } from '../lib/order-status';
import { handOverHistory } from '../lib/shop-handoff';

/** The history's first page, from the network or the copy saved on this device. */
export const readHistory = (): Promise<Cached<ClientOrderPage>> =>
  getClientOrders({ pageSize: ORDER_HISTORY_PAGE_SIZE });

function orderHtml(order: OrderSummary): string {
  const info = orderStatusInfo[order.status];
  return `<li class="${c.card} ${c.productCard}"><div class="${c.row} ${c.wrap}"><div><a class="${c.orderNumber}" href="/order/${encodeURIComponent(
    order.orderNumber,
  )}">${esc(order.orderNumber)}</a><p class="${c.dimmed} ${c.sm}">${esc(orderSummaryLine(order))}</p></div><div class="${c.rowTight}"><span class="${c.name}">${esc(formatNaira(order.total))}</span><span class="${c.status}" style="--tint:${badgeTint(
    info.color,
  )}" title="${esc(info.hint)}">${esc(order.status)}</span></div></div></li>`;
}

/**
 * Draws the history in `screen` and runs it until `runApp` has taken the page over (and ended
 * `cleanups`, to which the history adds its own).
 */
export function runHistory(options: {
  screen: HTMLElement;
  first: Cached<ClientOrderPage>;
  runApp: RunApp;
  cleanups: (() => void)[];
}) {
  const { screen, first, runApp, cleanups } = options;
  const listed = new Set<string>();
  let next = first.data.nextCursor;
  let oldestCopy: number | null = first.fromCache ? first.updatedAt : null;

  screen.innerHTML = `<div class="${c.stack}"><div class="${c.historyHead}"><h1 class="${c.h1Large}">Order history</h1><div class="${c.field}"><label class="${c.label}" id="history-status-label" for="history-status">Status</label><input id="history-status" class="${c.select}" readonly role="combobox" aria-haspopup="listbox" aria-expanded="false" autocomplete="off" value="${esc(ALL_ORDERS.label)}"></div></div><div data-history="notice"></div><div data-history="list"></div><div data-history="more-error" role="alert" hidden></div><div class="${c.center}" data-history="more"></div></div>`;
  screen.removeAttribute('aria-busy');
  const part = (name: string) => screen.querySelector(`[data-history="${name}"]`) as HTMLElement;

  const drawNotice = () => {
    const shown = oldestCopy !== null || !navigator.onLine;
    part('notice').hidden = !shown;
    part('notice').innerHTML = shown ? offlineCopyHtml(oldestCopy ?? first.updatedAt) : '';
  };
  const drawMore = (busy = false) => {
    part('more').hidden = !next;
    part('more').innerHTML = next
      ? `<button type="button" class="${c.button} ${c.light}"${busy ? ' aria-busy="true" disabled' : ''}>${
          busy ? 'Loading…' : 'Show more orders'
        }</button>`
      : '';
  };
  const add = (orders: readonly OrderSummary[]) => {
    // Once: a page saved on this phone may repeat orders already listed.
    const fresh = orders.filter((o) => !listed.has(o.orderNumber) && Boolean(listed.add(o.orderNumber)));
    let list = part('list').querySelector('ul');
    if (!list) {
      list = document.createElement('ul');
      list.className = c.lines as string;
      list.setAttribute('aria-label', 'Orders');
      part('list').replaceChildren(list);
    }
    list.insertAdjacentHTML('beforeend', fresh.map(orderHtml).join(''));
  };

  if (first.data.orders.length === 0) {
    part('list').innerHTML =
      `<div class="${c.card}"><p>${esc(historyEmptyText(undefined))} <a class="${c.link}" href="/products">Order gas</a></p></div>`;
  } else add(first.data.orders);
  drawNotice();
  drawMore();

  const showMore = async () => {
    if (!next) return;
    drawMore(true);
    const error = part('more-error');
    error.hidden = true;
    try {
      let page: Cached<ClientOrderPage>;
      try {
        page = await getClientOrders({ pageSize: ORDER_HISTORY_PAGE_SIZE, cursor: next });
      } catch (failure) {
        // A page never read online: the orders saved on this phone, rather than nothing.
        if (!(failure instanceof ApiError && failure.isNetworkError)) throw failure;
        page = await savedOrdersPage({ pageSize: ORDER_HISTORY_PAGE_SIZE });
      }
      if (page.fromCache) oldestCopy = Math.min(oldestCopy ?? page.updatedAt, page.updatedAt);
      next = page.data.nextCursor;
      add(page.data.orders);
    } catch (failure) {
      error.hidden = false;
      error.className = `${c.notice} ${c.noticeRed}`;
      error.innerHTML = `<p class="${c.medium}">More orders could not be loaded</p><p class="${c.sm}">${esc(
        failure instanceof Error ? failure.message : 'Something went wrong',
      )}</p>`;
    }
    drawNotice();
    drawMore();
  };

  let taking = false;
  // The status list is the app's: choosing one (a tap, or the keys that open a list) hands over.
  const status = screen.querySelector('#history-status') as HTMLInputElement;
  const takeOver = () => {
    if (taking) return;
    taking = true;
    status.setAttribute('aria-busy', 'true');
    handOverHistory({ openStatus: true });
    runApp().then(
      () => undefined,
      () => {
        taking = false;
        status.removeAttribute('aria-busy');
      },
    );
  };
  status.addEventListener('click', takeOver);
  status.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    takeOver();
  });
  part('more').addEventListener('click', () => void showMore());
  onConnectionChange(cleanups, drawNotice);
}
