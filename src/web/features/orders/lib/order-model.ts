// What an order's screens say and offer, decided once: the app's order screen and receipt
// (components/) and the order's first view (light/) draw these models, each in its own way, so
// the two renderers cannot drift apart (app/first-views/parity.test.tsx holds them together).
import { OrderStatus } from '../../../../domain/enums';
import { formatNaira, formatNumber } from '../../../../domain/format';
import { canTransition } from '../../../../domain/lifecycles/lifecycle';
import { orderLifecycle } from '../../../../domain/lifecycles/order';
import type { Center } from '../../../../domain/schemas/center';
import type { Order } from '../../../../domain/schemas/order';
import type { SavedCard } from '../../../../domain/schemas/payment';
import { paths } from '../../../lib/paths';
import { deliveryOptionLabel, itemQuantityText } from './order-status';
import type { OrderIntent } from './shop-handoff';

/** What the order screens know of the client's wallet (the wallet area's read, app/checkout-wallet.ts). */
export type CheckoutWallet =
  | { state: 'loading' }
  | { state: 'none' }
  | { state: 'unavailable' }
  | { state: 'ready'; balance: number };

/** An unpaid order can still be paid (and so offers the ways to pay). */
export const orderIsPayable = (order: Pick<Order, 'status'>) =>
  canTransition(orderLifecycle, order.status, OrderStatus.Paid);

/** Paid and not yet handed over: the pickup (or delivery) code is shown. */
export const orderShowsPickup = (order: Pick<Order, 'status' | 'isDelivered'>) =>
  order.status === OrderStatus.Paid && !order.isDelivered;

/** A home delivery past payment: its live delivery card (the rider, the steps) is shown. */
export const orderHasLiveDelivery = (order: Pick<Order, 'deliveryOption' | 'status'>) =>
  order.deliveryOption === 'HomeDelivery' && order.status !== OrderStatus.NotPaid;

/** What the wallet lacks to pay `total` (kobo): null when its balance is not known. */
export const walletShortfall = (total: number, wallet: CheckoutWallet | undefined): number | null =>
  wallet?.state === 'ready' ? Math.max(0, total - wallet.balance) : null;

export type LinkModel = { text: string; href: string };

/** "Top up ₦X" to the wallet's AddFund with the amount filled in, when the balance falls short. */
export const topUpLink = (shortfall: number | null): LinkModel | null =>
  shortfall ? { text: `Top up ${formatNaira(shortfall)}`, href: paths.wallet.getHref(shortfall) } : null;

/** The line under the ways to pay about the wallet: its balance (and the top-up), or how to get one. */
export type WalletLine =
  | { kind: 'balance'; text: string; topUp: LinkModel | null }
  | { kind: 'create'; text: string; link: LinkModel }
  | null;

export function walletLine(wallet: CheckoutWallet | undefined, shortfall: number | null): WalletLine {
  if (wallet?.state === 'ready')
    return { kind: 'balance', text: `Wallet balance ${formatNaira(wallet.balance)}`, topUp: topUpLink(shortfall) };
  if (wallet?.state === 'none')
    return {
      kind: 'create',
      text: 'Want to pay from a balance?',
      link: { text: 'Create a wallet', href: paths.wallet.getHref() },
    };
  return null;
}

export type PayButton = {
  intent: Exclude<OrderIntent, 'order-again'>;
  label: string;
  /** Mantine's variant names; `danger` is the subtle red of "Cancel order". */
  variant: 'filled' | 'default' | 'light' | 'danger';
  disabled: boolean;
};

export type PayChoices = { title: string; buttons: PayButton[]; wallet: WalletLine };

/**
 * The ways to pay an unpaid order, in their order, or null once it is paid or cancelled. Paying or
 * cancelling needs the server (`offline`: no connection, or a saved copy that may be out of date);
 * the wallet pays when its balance covers the total.
 */
export function orderPayChoices(
  order: Order,
  {
    wallet,
    card,
    offline,
  }: { wallet: CheckoutWallet | undefined; card: SavedCard | null | undefined; offline: boolean },
): PayChoices | null {
  if (!orderIsPayable(order)) return null;
  const shortfall = walletShortfall(order.total, wallet);
  const buttons: PayButton[] = [];
  if (card)
    buttons.push({
      intent: 'pay-saved-card',
      label: `Pay with card ending ${card.last4}`,
      variant: 'filled',
      disabled: offline,
    });
  buttons.push({ intent: 'pay', label: 'Pay', variant: card ? 'default' : 'filled', disabled: offline });
  if (wallet?.state !== 'none')
    buttons.push({
      intent: 'pay-wallet',
      label: 'Pay from wallet',
      variant: 'light',
      disabled: offline || (shortfall ?? 0) > 0,
    });
  if (order.canCancel) buttons.push({ intent: 'cancel', label: 'Cancel order', variant: 'danger', disabled: offline });
  return {
    title: `Pay ${formatNaira(order.total)} to confirm this order`,
    buttons,
    wallet: walletLine(wallet, shortfall),
  };
}

/** The delivery row's label: "Delivery (9.0 km, estimated, collect and return)". */
export function deliveryRowLabel(priced: {
  deliveryDistanceKm: number | null;
  deliveryFeeIsEstimate: boolean;
  homeDeliveryType?: Order['homeDeliveryType'];
}): string {
  if (priced.deliveryDistanceKm === null) return 'Delivery';
  const estimate = priced.deliveryFeeIsEstimate ? ', estimated' : '';
  const both = priced.homeDeliveryType === 'DoubleWay' ? ', collect and return' : '';
  return `Delivery (${formatNumber(priced.deliveryDistanceKm, 1)} km${estimate}${both})`;
}

/** How the order reaches the client, and where or by whom ("Home delivery: 12 Allen Ave, Ikeja"). */
export function orderWhereText(order: Order, { withPhone = true }: { withPhone?: boolean } = {}): string {
  const address = order.deliveryAddress ? `: ${order.deliveryAddress.line1}, ${order.deliveryAddress.city}` : '';
  const nominee = order.nomineeName
    ? `: ${order.nomineeName}${withPhone && order.nomineePhone ? ` (${order.nomineePhone})` : ''}`
    : '';
  return deliveryOptionLabel[order.deliveryOption] + address + nominee;
}

/**
 * Where the order is collected, or where it comes from: "Collect at Arrive Lekki, Admiralty Way,
 * Lekki Phase 1, Lagos · Open Mon–Sun 8:00–20:00" for a pickup, "From Arrive Gas Center" for a home
 * delivery. The address and hours come from the centers list when it was read; null for an order
 * that names no center (a copy saved on the device before there were centers).
 */
export function orderCenterText(
  order: Pick<Order, 'deliveryOption' | 'centerId' | 'centerName'>,
  centers: readonly Center[] | undefined,
): string | null {
  if (!order.centerName) return null;
  if (order.deliveryOption === 'HomeDelivery') return `From ${order.centerName}`;
  const center = centers?.find((c) => c.id === order.centerId);
  const hours = center?.openingHours ? ` · Open ${center.openingHours}` : '';
  return `Collect at ${order.centerName}${center ? `, ${center.address}` : ''}${hours}`;
}

export type ItemsTable = {
  rows: { key: string; name: string; quantity: string; amount: string }[];
  foot: { key: string; label: string; amount: string; strong: boolean }[];
};

/** The order's lines and totals as the order page and the receipt tabulate them. */
export function orderItemsTable(order: Order, { totalLabel = 'Total' }: { totalLabel?: string } = {}): ItemsTable {
  const foot: ItemsTable['foot'] = [
    { key: 'subtotal', label: 'Subtotal', amount: formatNaira(order.subtotal), strong: false },
  ];
  if (order.deliveryOption === 'HomeDelivery')
    foot.push({
      key: 'delivery',
      label: deliveryRowLabel(order),
      amount: formatNaira(order.deliveryFee),
      strong: false,
    });
  foot.push({ key: 'total', label: totalLabel, amount: formatNaira(order.total), strong: true });
  return {
    rows: order.items.map((item) => ({
      key: item.id,
      name: item.name,
      quantity: itemQuantityText(item),
      amount: formatNaira(item.lineTotal),
    })),
    foot,
  };
}
