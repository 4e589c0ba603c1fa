import { Divider, Stack, Text } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { formatNaira, formatOrderLine } from '../../../../domain/format';
import { formatDateTime } from '../../../lib/lagos-time';
import type { PricedLine } from '../lib/cart';
import classes from './receipt.module.css';

export type ReceiptData = {
  /** The order number, or the provisional number of a sale made offline. */
  number: string;
  provisional: boolean;
  at: number | string;
  lines: PricedLine[];
  total: number;
  paymentLabel: string;
  reference?: string | null;
  handedOver: boolean;
  customerPhone: string;
  staffName: string;
  pickupCode?: string | null;
};

function ReceiptQr({ value }: { value: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(value, { errorCorrectionLevel: 'M', margin: 2, width: 240 }).then((url) => {
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [value]);
  return src ? <img src={src} alt={`QR code of ${value}`} width={120} height={120} /> : null;
}

/** The printed receipt (80 mm thermal paper): lines, total, payment and the order number as a QR. */
export function Receipt({ data }: { data: ReceiptData }) {
  return (
    <section className={classes.receipt} aria-label="Receipt" data-testid="receipt">
      <Stack gap={4}>
        <Text fw={700} ta="center" c="#000">
          Arrive gas center
        </Text>
        <Text size="sm" ta="center" c="#000">
          Allen Avenue, Ikeja, Lagos
        </Text>
        <Divider color="#000" variant="dashed" />
        <div className={classes.row}>
          <Text size="sm" c="#000">
            {data.provisional ? 'Provisional no.' : 'Order'}
          </Text>
          <Text size="sm" fw={700} c="#000" data-testid="receipt-number">
            {data.number}
          </Text>
        </div>
        {data.provisional && (
          <Text size="xs" c="#000">
            Saved offline: the order number follows when the tablet syncs.
          </Text>
        )}
        <Text size="xs" c="#000">
          {formatDateTime(data.at)} · Served by {data.staffName}
        </Text>
        <Text size="xs" c="#000">
          Customer {data.customerPhone}
        </Text>
        <Divider color="#000" variant="dashed" />
        {data.lines.map((line) => (
          <div key={line.key} className={classes.row}>
            <Text size="sm" c="#000">
              {formatOrderLine(line)}
            </Text>
            <Text size="sm" c="#000">
              {formatNaira(line.lineTotal)}
            </Text>
          </div>
        ))}
        <Divider color="#000" variant="dashed" />
        <div className={classes.row}>
          <Text fw={700} c="#000">
            Total
          </Text>
          <Text fw={700} c="#000" data-testid="receipt-total">
            {formatNaira(data.total)}
          </Text>
        </div>
        <Text size="sm" c="#000">
          Paid: {data.paymentLabel}
          {data.reference ? ` (ref ${data.reference})` : ''}
        </Text>
        <Text size="sm" c="#000">
          {data.handedOver
            ? 'Handed over at the counter.'
            : data.pickupCode
              ? `To collect: pickup code ${data.pickupCode}`
              : 'To collect at the counter.'}
        </Text>
        <div className={classes.qr}>
          <ReceiptQr value={data.number} />
        </div>
        <Text size="xs" ta="center" c="#000">
          Thank you for buying from Arrive.
        </Text>
      </Stack>
    </section>
  );
}
