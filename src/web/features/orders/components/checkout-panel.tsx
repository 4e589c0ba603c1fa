import { Alert, Anchor, Button, Card, Loader, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatNaira } from '../../../../domain/format';
import { isValidMobileFormat, mobileFormatMessage } from '../../../../domain/phone';
import type { Center } from '../../../../domain/schemas/center';
import type { Order } from '../../../../domain/schemas/order';
import type { SavedCard } from '../../../../domain/schemas/payment';
import { CardDeclinedDialog } from '../../../components/card-declined-dialog';
import { paths } from '../../../lib/paths';
import { isPriceChange } from '../../../lib/price-change';
import { formField } from '../../../lib/text-field';
import { useAfterFirstScreen } from '../../../lib/use-after-first-screen';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useMutation } from '../../../lib/use-mutation';
import { useOnline } from '../../../lib/use-online';
import { useCreateOrder } from '../api/create-order';
import { catalogueKeys, orderKeys } from '../api/keys';
import { payFromWallet } from '../api/pay-from-wallet';
import { payWithSavedCard } from '../api/pay-with-saved-card';
import { orderQuoteQueryOptions } from '../api/quote-order';
import { buildOrderInput, type Cart, type Checkout, cartSubtotal } from '../lib/cart';
import { type CheckoutWallet, topUpLink, walletShortfall } from '../lib/order-model';
import { deliveryOptionLabel } from '../lib/order-status';
import type { CheckoutDraft } from '../lib/saved-cart';
import { type CenterPriceChange, centerPriceChangeText, chosenPickupCenter } from '../lib/shop-model';
import { walletPaymentMessage } from '../lib/wallet-error';
import { PickupCenterChoice, usePickupCenters } from './pickup-center-choice';
import { QuoteSummary } from './quote-summary';

// The address form (a select and an autocomplete, with their popover code) loads when home
// delivery is chosen, or once the shop's first screen is done: not with the shop itself.
const loadAddressFields = () => import('./address-fields');
const AddressFields = lazy(() => loadAddressFields().then((m) => ({ default: m.AddressFields })));

/** What the checkout knows of the client's wallet (the wallet area's query, read by the route). */
export type { CheckoutWallet } from '../lib/order-model';
export type PaymentMethod = 'wallet' | 'card' | 'savedCard';
/**
 * How the placed order is being paid: by card (the checkout comes next), from the wallet, or
 * with the saved card (paid in one tap; `paymentNumber` names the payment that paid it).
 */
export type PlacedPayment =
  | { method: 'card' }
  | { method: 'wallet'; paid: boolean }
  | { method: 'savedCard'; paid: boolean; paymentNumber?: string };

type Props = {
  /** The cart, at the prices of the center the order is priced at once that center's catalogue is read. */
  cart: Cart;
  /** The cart's products priced otherwise at that center than in the shop's list: said before paying. */
  centerPriceChanges?: readonly CenterPriceChange[];
  /** The center the order is priced at (null: the server's default, the shop's list prices). */
  onPricingCenter?: (centerId: string | null) => void;
  checkout: CheckoutDraft;
  onCheckoutChange: (checkout: CheckoutDraft) => void;
  /** Without it only the card is offered. */
  wallet?: CheckoutWallet;
  /** The card the client saved (read by the route from the payments area): paid in one tap. */
  savedCard?: SavedCard | null;
  /** The company's gas centers (read by the route from the centers area): a pickup chooses one when there are several. */
  centers?: readonly Center[] | undefined;
  onPlaced: (order: Order, payment: PlacedPayment) => void;
};

/** Delivery choice, address or nominee, the priced quote, how to pay and the Place order button. */
export function CheckoutPanel({
  cart,
  centerPriceChanges = [],
  onPricingCenter,
  checkout,
  onCheckoutChange,
  wallet,
  savedCard,
  centers,
  onPlaced,
}: Props) {
  const afterFirstScreen = useAfterFirstScreen();
  useEffect(() => {
    if (afterFirstScreen) void loadAddressFields();
  }, [afterFirstScreen]);
  const { deliveryOption, homeDeliveryType, address, nominee } = checkout;
  const set = (change: Partial<CheckoutDraft>) => onCheckoutChange({ ...checkout, ...change });
  const setDeliveryOption = (v: Checkout['deliveryOption']) => set({ deliveryOption: v });
  const setHomeDeliveryType = (v: Checkout['homeDeliveryType']) => set({ homeDeliveryType: v });
  const setAddress = (v: CheckoutDraft['address']) => set({ address: v });
  const setNominee = (v: CheckoutDraft['nominee']) => set({ nominee: v });
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const online = useOnline();
  /** A saved-card charge the bank declined: the order stands, unpaid, until the client decides. */
  const [declined, setDeclined] = useState<{ order: Order; reason: string; attempt: number } | null>(null);
  const hasGas = cart.some((l) => l.kind === 'gas');
  // A pickup is collected at the center chosen (the nearest, or the first by name, until one is);
  // with one center there is nothing to choose and nothing is sent, as before there were several.
  const centerPicker = usePickupCenters(centers, address.city);
  const pickupCenter =
    deliveryOption === 'HomeDelivery' ? null : chosenPickupCenter(centerPicker.choices, checkout.centerId);

  const input = buildOrderInput(cart, {
    deliveryOption,
    homeDeliveryType,
    centerId: pickupCenter?.id ?? null,
    address:
      address.line1.trim().length >= 3 && address.city.trim().length >= 2
        ? {
            line1: address.line1.trim(),
            city: address.city.trim(),
            state: 'Lagos',
            ...(address.note.trim() ? { note: address.note.trim() } : {}),
          }
        : null,
    nominee:
      nominee.name.trim().length >= 2 && isValidMobileFormat(nominee.phone.trim())
        ? { name: nominee.name.trim(), phone: nominee.phone.trim() }
        : null,
  });
  const inputJson = JSON.stringify(input);
  const [debouncedInput] = useDebouncedValue(input, 400);
  const quote = useQuery(orderQuoteQueryOptions(debouncedInput));
  // Where the order is priced: the pickup's center, or the one the server chose for a delivery
  // (the nearest the address, said by the quote); with one center, nowhere else to price it.
  const deliveryCenterId =
    deliveryOption === 'HomeDelivery' && (centers?.length ?? 0) > 1 ? (quote.data?.centerId ?? null) : null;
  const pricingCenterId = pickupCenter?.id ?? deliveryCenterId;
  const pricingCenterName =
    pickupCenter?.name ?? centers?.find((c) => c.id === deliveryCenterId)?.name ?? quote.data?.centerName;
  useEffect(() => {
    onPricingCenter?.(pricingCenterId);
  }, [pricingCenterId, onPricingCenter]);
  // The previous cart's quote, kept on screen while this one is read, is not this cart's price.
  const quoteCurrent = quote.data && !quote.isPlaceholderData && JSON.stringify(debouncedInput) === inputJson;
  // One key per checkout: a retried click (or a lost answer) re-sends the same key and the server
  // answers the first order; a changed cart is a new checkout and gets a new key.
  const requestKeys = useIdempotencyKey();
  // The total shown goes with the order: if a price changed since, the server places nothing and
  // says what it comes to now (and a new total is a new checkout, with a new key).
  const body = input && quoteCurrent && quote.data ? { ...input, expectedTotal: quote.data.total } : input;
  const idempotencyKey = requestKeys.keyFor(body);
  const create = useCreateOrder();
  const queryClient = useQueryClient();
  const walletPay = useMutation({
    mutationFn: payFromWallet,
    // The order's page (cached when it was placed) and the lists show it paid.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });

  // The wallet is offered when the client has one; it can pay when its balance covers the total.
  const total = quoteCurrent && quote.data ? quote.data.total : cartSubtotal(cart);
  const shortfall = walletShortfall(total, wallet);
  const walletCanPay = shortfall === 0 && cart.length > 0;
  const topUp = cart.length > 0 ? topUpLink(shortfall) : null;
  const chosen = (method === 'wallet' && !walletCanPay) || (method === 'savedCard' && !savedCard) ? null : method;
  const showWallet = wallet !== undefined && wallet.state !== 'none';

  const savedPay = useMutation({
    mutationFn: payWithSavedCard,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });

  /** One tap with the saved card; a decline opens the dialog with the bank's reason. */
  const chargeSavedCard = (order: Order, attempt: number) => {
    const { orderNumber } = order;
    savedPay.mutate(
      // A new key per attempt: "Try again" after a decline is a new charge, a lost answer is not.
      { orderNumber, idempotencyKey: requestKeys.keyFor({ orderNumber, savedCard: attempt }) },
      {
        onSuccess: (payment) => {
          if (payment.status === 'success') {
            setDeclined(null);
            onPlaced(order, { method: 'savedCard', paid: true, paymentNumber: payment.paymentNumber });
          } else if (payment.status === 'failed') {
            setDeclined({ order, reason: payment.declineReason ?? 'Declined', attempt });
          } else {
            // Not known yet (the gateway is slow): the order page follows it.
            onPlaced(order, { method: 'savedCard', paid: false });
          }
        },
        onError: (error) => {
          notifications.show({
            color: 'red',
            title: `Order ${orderNumber} was placed but not paid`,
            message: error.message,
          });
          onPlaced(order, { method: 'savedCard', paid: false });
        },
      },
    );
  };

  const missing = !online
    ? 'You are offline'
    : cart.length === 0
      ? 'Add something to your cart'
      : deliveryOption === 'HomeDelivery' && !input
        ? 'Enter the street address and area'
        : deliveryOption === 'PickUpBySomeOne' && !input
          ? "Enter the person's name and mobile number"
          : !chosen
            ? 'Choose how to pay'
            : null;

  const place = () => {
    if (!body || !chosen) return;
    create.mutate(
      { input: body, idempotencyKey },
      {
        onError: (error) => {
          // The shelves, the cart's lines and the quote read the prices again.
          if (isPriceChange(error)) {
            void queryClient.invalidateQueries({ queryKey: orderKeys.quotes() });
            void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
          }
        },
        onSuccess: (order) => {
          if (chosen === 'card') {
            onPlaced(order, { method: 'card' });
            return;
          }
          if (chosen === 'savedCard') {
            chargeSavedCard(order, 1);
            return;
          }
          const { orderNumber } = order;
          walletPay.mutate(
            { orderNumber, idempotencyKey: requestKeys.keyFor({ orderNumber }) },
            {
              onSuccess: () => onPlaced(order, { method: 'wallet', paid: true }),
              onError: (error) => {
                // The order stands, unpaid: its page offers the card or the wallet again.
                notifications.show({
                  color: 'red',
                  title: `Order ${orderNumber} was placed but not paid`,
                  message: walletPaymentMessage(error),
                });
                onPlaced(order, { method: 'wallet', paid: false });
              },
            },
          );
        },
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="checkout-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="checkout-title">
          Delivery and payment
        </Title>
        {!online && (
          <Alert color="gray" variant="light" role="status" title="Placing an order needs a connection">
            You are offline. You can fill your cart and delivery details now, then place the order and pay when you are
            back online.
          </Alert>
        )}
        <Radio.Group
          label="How do you want to get your order?"
          value={deliveryOption}
          onChange={(v) => setDeliveryOption(v as Checkout['deliveryOption'])}
        >
          <Stack gap={6} mt={6}>
            {(Object.keys(deliveryOptionLabel) as Checkout['deliveryOption'][]).map((option) => (
              <Radio key={option} value={option} label={deliveryOptionLabel[option]} />
            ))}
          </Stack>
        </Radio.Group>

        {pickupCenter && (
          <PickupCenterChoice
            picker={centerPicker}
            cart={cart}
            chosen={pickupCenter}
            onChoose={(centerId) => set({ centerId })}
          />
        )}

        {deliveryOption === 'HomeDelivery' && (
          <>
            <Suspense fallback={<Loader size="sm" aria-label="Loading the address form" />}>
              <AddressFields value={address} onChange={setAddress} />
            </Suspense>
            {hasGas && (
              <Radio.Group
                label="Refill delivery"
                value={homeDeliveryType}
                onChange={(v) => setHomeDeliveryType(v as Checkout['homeDeliveryType'])}
              >
                <Stack gap={6} mt={6}>
                  <Radio value="oneWay" label="One way: bring my order" />
                  <Radio
                    value="DoubleWay"
                    label="Collect and return: pick up my empty cylinder and bring it back filled (two trips)"
                  />
                </Stack>
              </Radio.Group>
            )}
          </>
        )}

        {deliveryOption === 'PickUpBySomeOne' && (
          <Stack gap="xs">
            <TextInput label="Name of the person picking up" {...formField(nominee, setNominee, 'name')} required />
            <TextInput
              label="Their mobile number"
              inputMode="numeric"
              placeholder="08012345678"
              value={nominee.phone}
              onChange={(e) => setNominee({ ...nominee, phone: e.currentTarget.value.replace(/\D/g, '').slice(0, 13) })}
              error={nominee.phone && !isValidMobileFormat(nominee.phone) ? mobileFormatMessage : undefined}
              required
            />
          </Stack>
        )}

        {centerPriceChanges.length > 0 && pricingCenterName && (
          <Alert color="blue" variant="light" role="status" title={`Prices at ${pricingCenterName}`}>
            <Stack gap={2}>
              {centerPriceChanges.map((change) => (
                <Text key={change.productId} size="sm">
                  {centerPriceChangeText(change)}
                </Text>
              ))}
              <Text size="sm">Your order is priced at this center's prices.</Text>
            </Stack>
          </Alert>
        )}

        <QuoteSummary
          estimateSubtotal={cartSubtotal(cart)}
          quote={quoteCurrent ? quote.data : undefined}
          // Offline the price waits (the query is paused until the connection is back): no
          // "Updating prices…" that would never end; the notice above says why.
          loading={online && (quote.isFetching || (input !== null && !quoteCurrent && !quote.isError))}
          // Offline the notice above says why there is no price; no second error for it.
          error={input && online ? quote.error : null}
          homeDelivery={deliveryOption === 'HomeDelivery'}
        />

        {create.error && (
          <Alert color="red" title="Your order was not placed" role="alert">
            {create.error.message}
          </Alert>
        )}
        <Radio.Group label="How do you want to pay?" value={chosen} onChange={(v) => setMethod(v as PaymentMethod)}>
          <Stack gap={6} mt={6}>
            {showWallet && (
              <Stack gap={2}>
                <Radio
                  value="wallet"
                  label="Wallet"
                  disabled={!walletCanPay}
                  description={
                    wallet.state === 'loading'
                      ? 'Checking your wallet balance…'
                      : wallet.state === 'unavailable'
                        ? 'Your wallet balance could not be loaded'
                        : `Balance ${formatNaira(wallet.state === 'ready' ? wallet.balance : 0)}`
                  }
                />
                {topUp && (
                  <Anchor component={Link} to={topUp.href} size="sm" ml={32}>
                    {topUp.text}
                  </Anchor>
                )}
              </Stack>
            )}
            {savedCard && (
              <Radio
                value="savedCard"
                label={`Saved card ending ${savedCard.last4}`}
                description={`Expires ${savedCard.expireMonth}/${savedCard.expireYear} · paid in one tap, no card details to type`}
              />
            )}
            <Radio value="card" label={savedCard ? 'Another card' : 'Card'} />
            {wallet?.state === 'none' && (
              <Text size="sm" c="dimmed">
                Want to pay from a balance?{' '}
                <Anchor component={Link} to={paths.wallet.getHref()} underline="always">
                  Create a wallet
                </Anchor>
              </Text>
            )}
          </Stack>
        </Radio.Group>

        <Button
          size="md"
          mih={44}
          h="auto"
          py={8}
          fullWidth
          // The reason the order cannot be placed yet is a sentence: it wraps on a 360 px phone
          // rather than being cut ("Enter the person's name ar…").
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
          loading={create.isPending || walletPay.isPending || savedPay.isPending}
          disabled={!online || !input || !quoteCurrent || quote.isError || !chosen || declined !== null}
          onClick={place}
        >
          {missing ??
            (chosen === 'savedCard' && savedCard ? `Pay with card ending ${savedCard.last4}` : 'Place order and pay')}
        </Button>
        <CardDeclinedDialog
          opened={declined !== null}
          reason={declined?.reason ?? ''}
          retrying={savedPay.isPending}
          onTryAgain={() => declined && chargeSavedCard(declined.order, declined.attempt + 1)}
          onClose={() => {
            if (!declined) return;
            const { order } = declined;
            setDeclined(null);
            // The order stands, unpaid: its page offers the card or the wallet again.
            onPlaced(order, { method: 'savedCard', paid: false });
          }}
        />
      </Stack>
    </Card>
  );
}
