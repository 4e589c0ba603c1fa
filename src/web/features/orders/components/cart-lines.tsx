import { ActionIcon, Group, NumberInput, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { MAX_ITEM_QUANTITY } from '../../../../domain/constants';
import type { Cart, CartAction } from '../lib/cart';
import { cartLineView, EMPTY_CART_TEXT } from '../lib/shop-model';

type Props = {
  cart: Cart;
  dispatch: (action: CartAction) => void;
  /** The cart saved on this device is still being read: an empty cart is not yet known to be empty. */
  restoring?: boolean;
};

/** The cart's lines with quantity and remove controls. */
export function CartLines({ cart, dispatch, restoring = false }: Props) {
  if (cart.length === 0 && restoring) {
    // As tall as the line it most often turns into, so nothing below it moves when it arrives.
    return (
      <div role="status" aria-label="Loading your saved cart">
        <Skeleton h={44} radius="sm" />
      </div>
    );
  }
  if (cart.length === 0) {
    return <Text c="dimmed">{EMPTY_CART_TEXT}</Text>;
  }
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {cart.map((line) => {
        const { label, quantity, detail } = cartLineView(line);
        return (
          <Group key={line.key} component="li" justify="space-between" wrap="nowrap" align="center">
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={500}>
                {label}
              </Text>
              <Text size="xs" c="dimmed">
                {detail}
              </Text>
            </Stack>
            <QuantityInput
              label={label}
              quantity={quantity}
              onChange={(next) => dispatch({ type: 'setQuantity', key: line.key, quantity: next })}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size={44}
              aria-label={`Remove ${label}`}
              onClick={() => dispatch({ type: 'remove', key: line.key })}
            >
              ×
            </ActionIcon>
          </Group>
        );
      })}
    </Stack>
  );
}

/**
 * A line's quantity, typed. A field emptied to type another number stays empty (the line stays
 * too) until a number is typed, and shows the quantity again when left empty; 0 typed removes the
 * line, as × does. Read as 0, the empty field removed the line at the first backspace.
 */
function QuantityInput({
  label,
  quantity,
  onChange,
}: {
  label: string;
  quantity: number;
  onChange: (quantity: number) => void;
}) {
  const [empty, setEmpty] = useState(false);
  return (
    <NumberInput
      aria-label={`Quantity of ${label}`}
      value={empty ? '' : quantity}
      onChange={(v) => {
        const typed = typeof v === 'number' ? v : v.trim() === '' ? null : Number(v);
        setEmpty(typed === null);
        if (typed !== null && Number.isFinite(typed)) onChange(typed);
      }}
      onBlur={() => setEmpty(false)}
      min={0}
      max={MAX_ITEM_QUANTITY}
      allowDecimal={false}
      allowNegative={false}
      // Typed on the phone's number pad: the stepper arrows would be 24 × 17 px targets.
      hideControls
      w={72}
      size="lg"
    />
  );
}
