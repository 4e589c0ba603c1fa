import { Alert, Button, Card, Radio, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isValidMobileFormat, mobileFormatMessage } from '../../../../domain/phone';
import type { Order } from '../../../../domain/schemas/order';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useCreateOrder } from '../api/create-order';
import { orderQuoteQueryOptions } from '../api/quote-order';
import { buildOrderInput, type Cart, type Checkout, cartSubtotal } from '../lib/cart';
import { deliveryOptionLabel } from '../lib/order-status';
import { type AddressDraft, AddressFields } from './address-fields';
import { QuoteSummary } from './quote-summary';

type Props = { cart: Cart; onPlaced: (order: Order) => void };

/** Delivery choice, address or nominee, the priced quote and the Place order button. */
export function CheckoutPanel({ cart, onPlaced }: Props) {
  const [deliveryOption, setDeliveryOption] = useState<Checkout['deliveryOption']>('PickerUP');
  const [homeDeliveryType, setHomeDeliveryType] = useState<Checkout['homeDeliveryType']>('oneWay');
  const [address, setAddress] = useState<AddressDraft>({ line1: '', city: '', note: '' });
  const [nominee, setNominee] = useState({ name: '', phone: '' });
  const hasGas = cart.some((l) => l.kind === 'gas');

  const input = buildOrderInput(cart, {
    deliveryOption,
    homeDeliveryType,
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
  const quoteCurrent = quote.data && JSON.stringify(debouncedInput) === inputJson;
  // One key per checkout: a retried click (or a lost answer) re-sends the same key and the server
  // answers the first order; a changed cart is a new checkout and gets a new key.
  const idempotencyKey = useIdempotencyKey().keyFor(input);
  const create = useCreateOrder();

  const missing =
    cart.length === 0
      ? 'Add something to your cart'
      : deliveryOption === 'HomeDelivery' && !input
        ? 'Enter the street address and area'
        : deliveryOption === 'PickUpBySomeOne' && !input
          ? "Enter the person's name and mobile number"
          : null;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="checkout-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="checkout-title">
          Delivery and payment
        </Title>
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

        {deliveryOption === 'HomeDelivery' && (
          <>
            <AddressFields value={address} onChange={setAddress} />
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
            <TextInput
              label="Name of the person picking up"
              value={nominee.name}
              onChange={(e) => setNominee({ ...nominee, name: e.currentTarget.value })}
              required
            />
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

        <QuoteSummary
          estimateSubtotal={cartSubtotal(cart)}
          quote={quoteCurrent ? quote.data : undefined}
          loading={quote.isFetching || (input !== null && !quoteCurrent && !quote.isError)}
          error={input ? quote.error : null}
          homeDelivery={deliveryOption === 'HomeDelivery'}
        />

        {create.error && (
          <Alert color="red" title="Your order was not placed" role="alert">
            {create.error.message}
          </Alert>
        )}
        <Button
          size="md"
          fullWidth
          loading={create.isPending}
          disabled={!input || !quoteCurrent || quote.isError}
          onClick={() => {
            if (input) create.mutate({ input, idempotencyKey }, { onSuccess: (order) => onPlaced(order) });
          }}
        >
          {missing ?? 'Place order and pay'}
        </Button>
      </Stack>
    </Card>
  );
}
