import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, memo, useCallback, useEffect, useMemo, useState } from 'react';
import { CYLINDER_SIZES_KG, MAX_ITEM_QUANTITY } from '../../../../domain/constants';
import { PaymentType, ProductType } from '../../../../domain/enums';
import { formatNaira, formatOrderLine } from '../../../../domain/format';
import { mobileInputValue, normalizePhone } from '../../../../domain/phone';
import { basketOf, type CounterPayment } from '../../../../domain/schemas/counter';
import type { Product } from '../../../../domain/schemas/product';
import type { SmsOutcome } from '../../../../domain/schemas/sms';
import { StatusBadge } from '../../../components/status-badge';
import { ApiError } from '../../../lib/api-client';
import { deviceId } from '../../../lib/device-id';
import { formatDateTime } from '../../../lib/lagos-time';
import { readDraft, useDraft } from '../../../lib/use-draft';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useMutation } from '../../../lib/use-mutation';
import { useOnline } from '../../../lib/use-online';
import { counterCatalogueQueryOptions } from '../api/get-counter-catalogue';
import { sellKeys } from '../api/keys';
import {
  addLine,
  beyondKnownStock,
  type CartLine,
  canAddOne,
  isKeyedLines,
  type KeyedLine,
  leftAfterQueued,
  orderInput,
  priceCart,
  provisionalNumber,
  queuedLines,
  stepQuantity,
} from '../lib/cart';
import { saleMoment, salePriceVersion } from '../lib/sale-moment';
import { submitSale } from '../lib/sale-queue';
import { usePendingSales } from '../lib/use-pending-sales';
import { walletRefusal } from '../lib/wallet-refusal';
import { PendingSales } from './pending-sales';
import { Receipt, type ReceiptData } from './receipt';
import { RefundForm } from './refund-form';

type PayChoice = 'Cash' | 'Electronic' | 'Wallet';
const payLabel: Record<PayChoice, string> = { Cash: 'Cash', Electronic: 'POS/transfer', Wallet: 'Wallet' };

const NO_WALLET_CODE = { sentTo: '', total: -1, basket: '', code: '' };
const isWalletCode = (v: unknown): v is typeof NO_WALLET_CODE =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { sentTo?: unknown }).sentTo === 'string' &&
  typeof (v as { total?: unknown }).total === 'number' &&
  typeof (v as { basket?: unknown }).basket === 'string' &&
  typeof (v as { code?: unknown }).code === 'string';
const isWalletCodeSent = (error: Error) => error instanceof ApiError && error.reason === 'WalletCodeSent';

const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isPayChoice = (v: unknown): v is PayChoice => typeof v === 'string' && v in payLabel;

function GasPicker({ gas, onAdd }: { gas: Product; onAdd: (line: CartLine) => void }) {
  const [size, setSize] = useState<string>('12.5');
  const [kg, setKg] = useState<number | string>(12.5);
  const sizeKg = Number(size);
  const kgNumber = typeof kg === 'number' ? kg : Number.NaN;
  const valid = kgNumber > 0 && kgNumber <= sizeKg && Number.isInteger(kgNumber * 2);
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{gas.name}</Text>
          <Text>{formatNaira(gas.price)} per kg</Text>
        </Group>
        <Group grow align="flex-end">
          <Select
            label="Cylinder size"
            data={CYLINDER_SIZES_KG.map((s) => ({ value: String(s), label: `${s} kg` }))}
            value={size}
            onChange={(v) => {
              if (!v) return;
              setSize(v);
              setKg(Number(v));
            }}
            allowDeselect={false}
            size="md"
          />
          <NumberInput
            label="Gas (kg)"
            value={kg}
            onChange={setKg}
            min={0.5}
            max={sizeKg}
            step={0.5}
            decimalScale={1}
            size="md"
            error={kg !== '' && !valid ? `0.5 to ${sizeKg} kg, in 0.5 kg steps` : undefined}
          />
        </Group>
        <Button
          size="md"
          disabled={!valid}
          onClick={() => onAdd({ productId: gas.id, quantity: kgNumber, sizeKg })}
          aria-label={`Add ${kgNumber} kg of gas for a ${sizeKg} kg cylinder`}
        >
          Add gas · {valid ? formatNaira(Math.round(gas.price * kgNumber)) : '—'}
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * The products column: drawn again only when the goods change, not on each line added (a tap on
 * Add redraws the basket, not every card and the gas picker).
 */
const SaleProducts = memo(function SaleProducts({
  gas,
  others,
  onAdd,
}: {
  gas: Product | undefined;
  others: readonly Product[];
  onAdd: (line: CartLine) => void;
}) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Products
      </Title>
      {gas && <GasPicker gas={gas} onAdd={onAdd} />}
      {others.map((p) => (
        <Card key={p.id} withBorder padding="sm" radius="md">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Text fw={600}>{p.name}</Text>
              <Text size="sm">
                {formatNaira(p.price)}
                {p.available !== null ? ` · ${p.available} left` : ''}
              </Text>
            </Stack>
            <Button
              variant="light"
              size="md"
              onClick={() => onAdd({ productId: p.id, quantity: 1 })}
              aria-label={`Add ${p.name}`}
              disabled={p.available === 0}
              style={{ flexShrink: 0 }}
            >
              Add
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
});

/**
 * A walk-in sale at the counter: products at the live (or last saved) prices, the customer by
 * phone, Cash, POS/transfer or wallet, hand over now or later, and a receipt to print. Offline it
 * sells for cash from the catalogue saved on the tablet and queues the sale to sync.
 */
export function SellScreen({
  seller,
  onRecorded,
  shiftCenter,
}: {
  seller: { clientId?: string; name: string };
  /** A sale was recorded on the server: the shift's drawer (another feature's) has moved. */
  onRecorded?: () => void;
  /**
   * The center of the seller's shift, as the shift (another feature's) says, or its copy on this
   * tablet offline: `known` once it was read (or could not be), `centerId` null for none named.
   */
  shiftCenter: { known: boolean; centerId: string | null };
}) {
  const queryClient = useQueryClient();
  const online = useOnline();
  // The counter sells its shift's center's goods at that center's prices: its catalogue is read
  // once the shift says which center.
  const centerId = shiftCenter.centerId;
  const catalogue = useQuery({ ...counterCatalogueQueryOptions(centerId), enabled: shiftCenter.known });
  const pending = usePendingSales();

  // What is left, less what this tablet's sales waiting to sync took at this center (offline the
  // counts go down with each sale, as the stock will).
  const queued = useMemo(() => queuedLines(pending, centerId), [pending, centerId]);
  const products = useMemo(
    () => leftAfterQueued(catalogue.data?.data.products ?? [], queued),
    [catalogue.data, queued],
  );
  // The catalogue version of these prices: a sale made offline is priced from it on the server.
  const priceVersion = catalogue.data?.data.priceVersion;
  const gas = useMemo(() => products.find((p) => p.type === ProductType.Gas), [products]);
  const others = useMemo(() => products.filter((p) => p.type !== ProductType.Gas), [products]);
  const offlineCopy = catalogue.data?.fromCache || !online;

  // The sale being made is the tab's draft: a reload (or a tablet that dropped the page) keeps it.
  const [lines, setLines] = useDraft<KeyedLine[]>('sale.lines', [], isKeyedLines);
  const addToBasket = useCallback((line: CartLine) => setLines((l) => addLine(l, line)), [setLines]);
  // The counter's first view (features/sell/light) keeps the basket in this draft until this
  // screen replaces it: a line tapped while this screen was being drawn, after it read the draft,
  // is read again once it is on screen.
  useEffect(() => {
    const latest = readDraft('sale.lines', isKeyedLines);
    if (latest) setLines((current) => (JSON.stringify(current) === JSON.stringify(latest) ? current : latest));
  }, [setLines]);
  const [phone, setPhone] = useDraft('sale.phone', '', isString);
  const [firstname, setFirstname] = useDraft('sale.firstname', '', isString);
  const [pay, setPay] = useDraft<PayChoice>('sale.pay', 'Cash', isPayChoice);
  const [reference, setReference] = useDraft('sale.reference', '', isString);
  const [handOver, setHandOver] = useDraft('sale.handOver', true, isBoolean);
  const [receipt, setReceipt] = useState<ReceiptData | null>(null);
  // The SMS receipt held back (an hourly SMS budget) or failed: said on the receipt screen until the next sale.
  const [smsNotice, setSmsNotice] = useState<SmsOutcome | null>(null);
  // A wallet sale's consent code: asked for this phone (a changed phone asks again), as typed.
  // With the draft too: a reload after the code was texted keeps the field (a new code each
  // reload would spend the customer's few codes an hour).
  const [walletCode, setWalletCode] = useDraft('sale.walletCode', NO_WALLET_CODE, isWalletCode);

  const priced = useMemo(() => priceCart(lines, products), [lines, products]);
  // The wallet code was texted for this phone, this total and this basket: another phone or a
  // changed basket asks for a new one (the code pays that sale only).
  const basket = basketOf(lines);
  const codeAsked =
    pay === 'Wallet' &&
    walletCode.sentTo === phone.trim() &&
    walletCode.total === priced.total &&
    walletCode.basket === basket;
  const phoneCheck = normalizePhone(phone);
  // Said once the number is whole or the field is left, not on a number still being typed (or
  // read back half-typed from the draft after a reload).
  const [phoneLeft, setPhoneLeft] = useState(false);
  const phoneError =
    phone.trim() && !phoneCheck.pass && (phoneLeft || phone.replace(/\D/g, '').length >= 11)
      ? 'Mobile number format is not correct'
      : undefined;
  const overStock = beyondKnownStock(lines, products);
  const needsNetwork = offlineCopy
    ? pay !== 'Cash'
      ? `${payLabel[pay]} payments need the network. Take cash, or wait for the network.`
      : priceVersion === undefined
        ? 'The prices saved on this tablet were saved by an older version of the app. This sale needs the network.'
        : overStock.length
          ? `${overStock.map((p) => p.name).join(', ')}: more than this tablet last knew was left. This sale needs the network.`
          : null
    : null;

  // One key per sale: the same sale sent again (its answer lost, a double tap, a reload after a
  // lost answer) is recorded once.
  const saleKeys = useIdempotencyKey('sale.key');
  const sale = useMutation({
    networkMode: 'always',
    mutationFn: async () => {
      const payment: CounterPayment =
        pay === 'Electronic'
          ? { type: PaymentType.Electronic, reference: reference.trim() }
          : pay === 'Wallet' && codeAsked
            ? { type: PaymentType.Wallet, code: walletCode.code }
            : { type: pay };
      const asked = {
        phone: phone.trim(),
        ...(firstname.trim() ? { firstname: firstname.trim() } : {}),
        // The total on the button goes with the sale: a price changed meanwhile is refused (the
        // cash taken is the figure shown), not recorded at another amount. A sale queued offline
        // was charged at the saved prices: the server prices it from their catalogue version, and
        // the total says what the receipt printed.
        order: { ...orderInput(lines, products), expectedTotal: priced.total },
        payment,
        handOver,
      };
      const key = saleKeys.keyFor(asked);
      const provisional = offlineCopy ? provisionalNumber() : undefined;
      const pricedWith = salePriceVersion(key, priceVersion);
      // The sale says when the payment was taken and which catalogue version priced it, the same
      // each time it goes: however late it syncs, it is recorded at those prices if they were in
      // force during the shift, by then. A provisional number goes with this tablet's id: one
      // sale per number per tablet, under whatever key it reaches the server.
      const body = {
        ...asked,
        ...(provisional ? { provisionalNumber: provisional, deviceId: deviceId() } : {}),
        soldAt: saleMoment(key),
        ...(pricedWith !== undefined ? { priceVersion: pricedWith } : {}),
      };
      const receiptLines = {
        lines: priced.lines,
        total: priced.total,
        customerPhone: phone.trim(),
        staffName: seller.name,
      };
      const result = await submitSale(body, receiptLines, {
        mayQueue: pay === 'Cash',
        actingClientId: seller.clientId,
        key,
        centerId,
      });
      return { result, provisional, payment };
    },
    onSuccess: ({ result, provisional, payment }) => {
      // Recorded or queued: the next sale, even one just like it, is another sale.
      saleKeys.renew();
      const reference = payment.type === PaymentType.Electronic ? payment.reference : null;
      if (result.status === 'recorded') {
        const { order, sale: s } = result.sale;
        setReceipt({
          number: order.orderNumber,
          provisional: false,
          at: order.createdAt,
          lines: order.items.map(({ id, productType, name, quantity, sizeKg, unitPrice, lineTotal }) => ({
            key: id,
            productType,
            name,
            quantity,
            sizeKg,
            unitPrice,
            lineTotal,
          })),
          total: order.total,
          paymentLabel: payLabel[payment.type],
          reference,
          handedOver: s.handedOver,
          customerPhone: result.sale.client.phoneLocal,
          staffName: s.staffName,
          pickupCode: s.handedOver ? null : order.pickupCode,
        });
        const sms = result.sale.sms;
        const smsMissed = sms && !sms.sent && sms.reason !== 'NoPhone' ? sms : null;
        setSmsNotice(smsMissed);
        notifications.show({
          color: smsMissed ? 'orange' : 'green',
          title: smsMissed ? 'Sale recorded · SMS receipt not sent' : 'Sale recorded',
          message: `${order.orderNumber} · ${formatNaira(order.total)}${s.receiptSms === 'sent' ? ' · SMS receipt sent' : ''}${smsMissed ? ' · give the printed receipt' : ''}`,
        });
      } else {
        setSmsNotice(null);
        setReceipt({
          number: provisional ?? result.pending.id.slice(0, 8).toUpperCase(),
          provisional: true,
          at: result.pending.createdAt,
          lines: priced.lines,
          total: priced.total,
          paymentLabel: payLabel[payment.type],
          reference,
          handedOver: handOver,
          customerPhone: phone.trim(),
          staffName: seller.name,
        });
        notifications.show({
          color: 'orange',
          title: 'Saved on this tablet',
          message: 'The sale is waiting to sync; it will be recorded once when the network returns.',
        });
      }
      setLines([]);
      setPhone('');
      setPhoneLeft(false);
      setFirstname('');
      // The next customer pays cash unless they say otherwise (a POS or wallet sale is the rarer one).
      setPay('Cash');
      setReference('');
      setWalletCode(NO_WALLET_CODE);
      void queryClient.invalidateQueries({ queryKey: sellKeys.all });
      if (result.status === 'recorded') onRecorded?.();
    },
    onError: (error: Error) => {
      const noAnswer = error instanceof ApiError && error.isNetworkError;
      if (isWalletCodeSent(error)) {
        // The customer's consent: their phone got a code for this amount; they read it out.
        saleKeys.renew();
        setWalletCode({ sentTo: phone.trim(), total: priced.total, basket, code: '' });
        notifications.show({ color: 'blue', title: "Code sent to the customer's phone", message: error.message });
        return;
      }
      // A refusal recorded nothing: sent again (the stock or the wallet changed), it is a new call.
      // Without an answer the server may have recorded it: the same key goes again.
      if (!noAnswer) saleKeys.renew();
      // A refusal may come from stock another tablet sold meanwhile: the shelves read again.
      if (!noAnswer) void queryClient.invalidateQueries({ queryKey: sellKeys.all });
      const message = noAnswer
        ? `${payLabel[pay]} payments need the network. Try again when it is back, or take cash. A sale sent again is recorded once.`
        : (walletRefusal(error) ?? error.message);
      // Without an answer the sale may well have been recorded: the title does not say it was not.
      notifications.show({
        color: 'red',
        title: noAnswer ? 'No answer from the server' : 'Sale not recorded',
        message,
      });
    },
  });

  const refOk = pay !== 'Electronic' || reference.trim().length >= 4;
  const codeOk = !codeAsked || /^\d{6}$/.test(walletCode.code);
  const canSell = lines.length > 0 && phoneCheck.pass && refOk && codeOk && !needsNetwork && !sale.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSell) sale.mutate();
  };

  if (receipt) {
    return (
      <Stack gap="md" maw={720}>
        <Group justify="space-between">
          <Title order={1}>Receipt</Title>
          {receipt.provisional ? (
            <StatusBadge tone="warn">Waiting to sync</StatusBadge>
          ) : (
            <StatusBadge tone="ok">Recorded</StatusBadge>
          )}
        </Group>
        {smsNotice && (
          <Alert color="orange" title="SMS receipt not sent" data-testid="sms-notice">
            {smsNotice.message ?? 'The SMS receipt could not be sent.'} Print the receipt and hand it to the customer.
          </Alert>
        )}
        <Receipt data={receipt} />
        <Group>
          <Button size="md" onClick={() => window.print()}>
            Print receipt
          </Button>
          <Button size="md" variant="default" onClick={() => setReceipt(null)}>
            New sale
          </Button>
        </Group>
        <PendingSales sales={pending} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1}>Sell at the counter</Title>
      {offlineCopy && catalogue.data && (
        <Alert color="orange" title="Offline">
          Selling from the prices saved on this tablet at {formatDateTime(catalogue.data.updatedAt)}. Cash only; the
          sale syncs when the network returns.
        </Alert>
      )}
      {catalogue.isError && !catalogue.data && (
        <Alert color="red" title="No catalogue on this tablet">
          Connect to the network once to load the products and prices.
        </Alert>
      )}
      <PendingSales sales={pending} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SaleProducts gas={gas} others={others} onAdd={addToBasket} />

        <form onSubmit={submit} aria-label="Sale">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Basket
            </Title>
            {priced.lines.length === 0 && <Text>Add products to start a sale.</Text>}
            {priced.lines.map((line) => (
              // The line's words and amount, then its buttons: at 360 px they do not fit on one row.
              <Stack key={line.key} gap={4}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text>{formatOrderLine(line)}</Text>
                  <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatNaira(line.lineTotal)}
                  </Text>
                </Group>
                <Group gap="xs" wrap="nowrap" justify="flex-end">
                  {line.productType !== ProductType.Gas && (
                    <>
                      <ActionIcon
                        variant="default"
                        size={44}
                        aria-label={`One fewer ${line.name}`}
                        onClick={() => setLines((l) => stepQuantity(l, line.key, -1))}
                      >
                        −
                      </ActionIcon>
                      <ActionIcon
                        variant="default"
                        size={44}
                        aria-label={`One more ${line.name}`}
                        disabled={!canAddOne(line.quantity)}
                        onClick={() => setLines((l) => stepQuantity(l, line.key, 1))}
                      >
                        +
                      </ActionIcon>
                    </>
                  )}
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    size={44}
                    aria-label={`Remove ${formatOrderLine(line)}`}
                    onClick={() => setLines((l) => l.filter((x) => x.key !== line.key))}
                  >
                    ×
                  </ActionIcon>
                </Group>
                {line.productType !== ProductType.Gas && !canAddOne(line.quantity) && (
                  <Text size="sm" ta="right">{`At most ${MAX_ITEM_QUANTITY} of each in one sale`}</Text>
                )}
              </Stack>
            ))}
            <Group justify="space-between">
              <Text fw={700}>Total</Text>
              <Text fw={700} data-testid="basket-total">
                {formatNaira(priced.total)}
              </Text>
            </Group>

            <TextInput
              label="Customer's phone"
              placeholder="080…"
              inputMode="tel"
              value={phone}
              // Pasted as written down (+234 801 000 0002, 0801 000 0002): the login field's rule.
              onChange={(e) => setPhone(mobileInputValue(e.currentTarget.value, phone))}
              onBlur={() => setPhoneLeft(true)}
              error={phoneError}
              required
              size="md"
            />
            <TextInput
              label="Customer's first name (optional)"
              value={firstname}
              onChange={(e) => setFirstname(e.currentTarget.value)}
              size="md"
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="pay-label">
                Payment
              </Text>
              <SegmentedControl
                aria-labelledby="pay-label"
                value={pay}
                onChange={(v) => setPay(v as PayChoice)}
                data={(['Cash', 'Electronic', 'Wallet'] as const).map((v) => ({ value: v, label: payLabel[v] }))}
                size="md"
                fullWidth
              />
            </Stack>
            {pay === 'Electronic' && (
              <TextInput
                label="POS or transfer reference"
                value={reference}
                onChange={(e) => setReference(e.currentTarget.value)}
                required
                size="md"
                error={reference && !refOk ? 'At least 4 characters' : undefined}
              />
            )}
            {codeAsked && (
              <TextInput
                label="Code from the customer's SMS"
                description="The customer reads out the 6 digits: their consent to pay from their wallet."
                value={walletCode.code}
                // Read as said or pasted: spaces and dashes between the digits are left out.
                onChange={(e) =>
                  setWalletCode({ ...walletCode, code: e.currentTarget.value.replace(/\D/g, '').slice(0, 6) })
                }
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                size="md"
                styles={{
                  description: { color: 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))' },
                }}
              />
            )}
            <Switch
              label="Hand over now"
              description="Off: the customer collects later with the pickup code."
              checked={handOver}
              onChange={(e) => setHandOver(e.currentTarget.checked)}
              size="md"
              styles={{
                description: { color: 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))' },
              }}
            />
            {needsNetwork && (
              <Alert color="orange" title="Needs the network">
                {needsNetwork}
              </Alert>
            )}
            <Button type="submit" size="lg" disabled={!canSell} loading={sale.isPending}>
              {pay === 'Cash'
                ? `Take cash ${formatNaira(priced.total)}`
                : pay === 'Wallet' && !codeAsked
                  ? `Text the customer a code · ${formatNaira(priced.total)}`
                  : `Complete sale ${formatNaira(priced.total)}`}
            </Button>
          </Stack>
        </form>
      </SimpleGrid>
      <RefundForm online={online} />
    </Stack>
  );
}
