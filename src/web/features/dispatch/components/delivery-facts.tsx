import type { CSSProperties } from 'react';
import { formatOrderLine } from '../../../../domain/format';
import type { DispatchDelivery } from '../../../../domain/schemas/delivery';
import { deliveryStatusTone, toneCssColor } from '../../../components/status-tones';
import { formatTime } from '../../../lib/lagos-time';
import { mapLink, sinceText, staffStepLabel, telLink } from '../lib/delivery-words';
import s from './board-card.module.css';

/**
 * Who, where and what of one delivery, and how long it has been in its state: the board and the
 * rider share it. Plain elements in the look of the app's Text, Anchor and status badge: the board
 * draws hundreds.
 */
export function DeliveryFacts({ delivery, now }: { delivery: DispatchDelivery; now: number }) {
  const { address } = delivery;
  const badge = { '--badge-bg': toneCssColor(deliveryStatusTone[delivery.status]) } as CSSProperties;
  return (
    <div className={s.facts}>
      <div className={s.head}>
        <p className={s.number}>{delivery.orderNumber}</p>
        <div className={s.state}>
          <span className={s.badge} style={badge}>
            {staffStepLabel(delivery.status, delivery.items)}
          </span>
          {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the words the cards have always had (Mantine's Text drew this same p). */}
          <p
            className={`${s.sm} ${s.dimmed}`}
            aria-label={`In this state since ${formatTime(delivery.statusChangedAt)}`}
          >
            {sinceText(delivery.statusChangedAt, now)}
          </p>
        </div>
      </div>
      <p className={s.sm}>
        {delivery.clientName} ·{' '}
        <a
          className={s.link}
          href={telLink(delivery.clientPhone)}
          aria-label={`Call ${delivery.clientName} on ${delivery.clientPhone}`}
        >
          {delivery.clientPhone}
        </a>
      </p>
      <p className={s.sm}>
        {address.line1}, {address.city}
        {address.note ? ` (${address.note})` : ''} ·{' '}
        <a className={s.link} href={mapLink(address)} target="_blank" rel="noopener noreferrer">
          Map
        </a>
      </p>
      <p className={`${s.sm} ${s.dimmed}`}>
        {delivery.items.map((i) => formatOrderLine(i)).join(', ')}
        {delivery.type === 'DoubleWay' ? ' · collect the empty cylinder first' : ''}
      </p>
      {delivery.note && <p className={s.sm}>Note: {delivery.note}</p>}
    </div>
  );
}
