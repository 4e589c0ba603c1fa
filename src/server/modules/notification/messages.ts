import { formatDate, formatNaira } from '../../../domain/format';
import { NotificationKind } from '../../../domain/schemas/notification';

export type RenderedMessage = {
  /** The text message (kept short: one or two SMS parts). */
  sms: string;
  /** The push notification: title, body and the page a tap opens. */
  push: { title: string; body: string; url: string; tag: string };
};

type Data = Record<string, string | number | null | undefined>;

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Paths on the web app the messages link to (the receipt page is `/order/{orderNumber}/receipt`). */
export const messagePaths = {
  receipt: (orderNumber: string) => `/order/${encodeURIComponent(orderNumber)}/receipt`,
  order: (orderNumber: string) => `/order/${encodeURIComponent(orderNumber)}`,
  products: () => '/products',
  settings: () => '/settings',
};

/**
 * The gas center an order message names: its name and address, as the event wrote them ("the gas
 * center" for an event written before messages named it).
 */
const centerOf = (data: Data) =>
  data.centerName
    ? data.centerAddress
      ? `${text(data.centerName)}, ${text(data.centerAddress)}`
      : text(data.centerName)
    : 'the gas center';

/** The words of each message; `origin` is PUBLIC_URL (links in an SMS must be absolute). */
export function renderMessage(kind: NotificationKind, data: Data, origin: string): RenderedMessage {
  const n = text(data.orderNumber);
  switch (kind) {
    case NotificationKind.OrderPaid: {
      const receipt = `${origin}${messagePaths.receipt(n)}`;
      const amount = data.total !== undefined && data.total !== null ? ` (${formatNaira(data.total)})` : '';
      if (data.pickupCode) {
        return {
          sms: `Arrive: order ${n} is paid${amount} and ready for pickup at ${centerOf(data)}. Pickup code: ${text(data.pickupCode)}. Receipt: ${receipt}`,
          push: {
            title: 'Ready for pickup',
            body: `Order ${n} is paid. Show pickup code ${text(data.pickupCode)} at the counter.`,
            url: messagePaths.order(n),
            tag: `order-${n}`,
          },
        };
      }
      return {
        sms: `Arrive: payment received for order ${n}${amount}. Receipt: ${receipt}`,
        push: {
          title: 'Payment received',
          body: `Order ${n} is paid${amount}.`,
          url: messagePaths.receipt(n),
          tag: `order-${n}`,
        },
      };
    }
    case NotificationKind.OutForDelivery: {
      const rider = text(data.riderName) || 'our rider';
      const code = data.deliveryCode ? ` Give the rider delivery code ${text(data.deliveryCode)} when it arrives.` : '';
      return {
        sms: `Arrive: order ${n} is out for delivery with ${rider}.${code}`,
        push: {
          title: 'Out for delivery',
          body: `Order ${n} is on its way with ${rider}.`,
          url: messagePaths.order(n),
          tag: `order-${n}`,
        },
      };
    }
    case NotificationKind.Delivered:
      return {
        sms: `Arrive: order ${n} was delivered. Thank you for choosing Arrive.`,
        push: { title: 'Delivered', body: `Order ${n} was delivered.`, url: messagePaths.order(n), tag: `order-${n}` },
      };
    case NotificationKind.OrderMoved: {
      const where = centerOf(data);
      const delivered = data.delivery === 'home';
      const code = data.pickupCode ? ` Pickup code ${text(data.pickupCode)} works there only.` : '';
      return {
        sms: delivered
          ? `Arrive: order ${n} will now be delivered from ${where}. Sorry for the change.`
          : `Arrive: order ${n} is now collected at ${where}.${code} Sorry for the change.`,
        push: {
          title: 'Order moved',
          body: delivered ? `Order ${n} now comes from ${text(data.centerName)}.` : `Collect order ${n} at ${where}.`,
          url: messagePaths.order(n),
          tag: `order-${n}`,
        },
      };
    }
    case NotificationKind.PickedUp:
      return {
        sms: `Arrive: order ${n} was picked up at the gas center. Thank you for choosing Arrive.`,
        push: { title: 'Picked up', body: `Order ${n} was picked up.`, url: messagePaths.order(n), tag: `order-${n}` },
      };
    case NotificationKind.DeliveryCancelled: {
      const amount = formatNaira(data.amount ?? 0);
      const back =
        data.refundTo === 'wallet'
          ? ` ${amount} is back in your Arrive wallet.`
          : data.refundTo === 'card'
            ? ` ${amount} is being refunded to your card; your bank may take a few days to show it.`
            : '';
      return {
        sms: `Arrive: we could not deliver order ${n} and have cancelled it.${back} Sorry for the trouble.`,
        push: {
          title: 'Delivery cancelled',
          body: `Order ${n} was cancelled.${back}`,
          url: messagePaths.order(n),
          tag: `order-${n}`,
        },
      };
    }
    case NotificationKind.Refund: {
      const amount = formatNaira(data.amount ?? 0);
      const what = n ? ` for order ${n}` : '';
      return {
        sms: `Arrive: your card payment of ${amount}${what} was refunded. Your bank may take a few days to show it.`,
        push: {
          title: 'Refund sent',
          body: `${amount}${what} was refunded to your card.`,
          url: n ? messagePaths.order(n) : messagePaths.products(),
          tag: `refund-${text(data.reference)}`,
        },
      };
    }
    case NotificationKind.CylinderExpiry: {
      const cylinder = `${text(data.sizeKg)} kg cylinder ${text(data.serialNumber)}`;
      const date = formatDate(`${text(data.expiryDate)}T12:00:00Z`);
      const expired = data.stage === 'expired';
      return {
        sms: expired
          ? `Arrive: your ${cylinder} passed the end of its safe life on ${date}. Do not refill it: bring it in for inspection or replace it.`
          : `Arrive: your ${cylinder} reaches the end of its safe life on ${date}. Plan a replacement.`,
        push: {
          title: expired ? 'Cylinder past its safe life' : 'Cylinder expires soon',
          body: expired
            ? `Your ${cylinder} expired on ${date}. Do not refill it.`
            : `Your ${cylinder} expires on ${date}. Plan a replacement.`,
          url: messagePaths.products(),
          tag: `cylinder-${text(data.serialNumber)}`,
        },
      };
    }
    case NotificationKind.RefillReminder: {
      const weeks = Number(data.weeks ?? 0);
      const ago = weeks >= 1 ? `${weeks} week${weeks === 1 ? '' : 's'}` : `${text(data.days)} days`;
      const size = text(data.sizeKg);
      return {
        sms: `Arrive: your last ${size} kg refill was ${ago} ago. Order a refill: ${origin}${messagePaths.products()} (turn reminders off in Settings).`,
        push: {
          title: 'Time for a refill?',
          body: `Your last ${size} kg refill was ${ago} ago.`,
          url: messagePaths.products(),
          tag: 'refill-reminder',
        },
      };
    }
  }
}
