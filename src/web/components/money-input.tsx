import { NumberInput, type NumberInputProps } from '@mantine/core';
import { type ClipboardEvent, type KeyboardEvent, useState } from 'react';
import { MONEY_MAX } from '../../domain/constants';
import { formatNaira, NAIRA_SIGN } from '../../domain/format';

/**
 * A pasted amount as people copy one: digits with commas for thousands, at most one point, maybe a
 * ₦ or NGN and spaces. Anything else ("-500", "1e5", "5k") is not an amount: the field would keep
 * its digits only and show another figure (₦500, ₦15), so it is refused instead.
 */
export function isPastedAmount(text: string): boolean {
  const bare = text.replace(/₦|NGN|\s/gi, '');
  return /^(\d{1,3}(,\d{3})+|\d+)?(\.\d*)?$/.test(bare) && /\d/.test(bare);
}

const PASTE_REFUSED = 'That is not an amount: paste digits only, such as 5,000 or 5000.50';

/** A character typed that an amount does not have (a letter, a sign), shortcuts aside. */
const isStrayKey = (event: KeyboardEvent) =>
  event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey && !/[\d.,\s₦]/.test(event.key);

/**
 * An amount typed in naira (2 decimals); the caller converts to kobo with nairaToKobo. A comma is
 * the thousands' separator only: Mantine also reads it as a decimal point by default, so "1,000"
 * typed as Nigerians write it became ₦1.00.
 */
export function MoneyInput(
  props: Omit<NumberInputProps, 'prefix' | 'decimalScale' | 'thousandSeparator' | 'allowedDecimalSeparators'>,
) {
  const [refused, setRefused] = useState<string | null>(null);
  // A key that is not part of an amount ("1e5" typed) is dropped by the field, which would then
  // show ₦15 without a word: it is said, and stays said until the figure is corrected (a key
  // erased, a paste, the field emptied), since the digits typed after it are taken.
  const [stray, setStray] = useState<string | null>(null);
  const { onPaste, onChange, onKeyDown, error, max = MONEY_MAX, ...rest } = props;
  return (
    <NumberInput
      prefix={NAIRA_SIGN}
      decimalScale={2}
      thousandSeparator=","
      allowedDecimalSeparators={['.']}
      min={0}
      max={max}
      // Beyond the maximum a digit is not taken (Mantine's default changed ₦123,456,789,012 to
      // ₦100,000,000.00 when the field lost focus: another figure than the one typed, saved).
      clampBehavior="strict"
      allowNegative={false}
      inputMode="decimal"
      // Mantine's dimmed description is below 4.5:1 on white; tablets are read in daylight.
      styles={{ description: { color: 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))' } }}
      {...rest}
      error={refused ?? stray ?? error}
      onChange={(value) => {
        setRefused(null);
        if (value === '') setStray(null);
        onChange?.(value);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'Backspace' || event.key === 'Delete') setStray(null);
        else if (isStrayKey(event))
          setStray(`“${event.key}” is not part of an amount: type digits, such as 5000 or 5,000.50`);
        // A digit that would pass the maximum is not taken (strict): say why, not nothing.
        const field = event.currentTarget;
        if (/^\d$/.test(event.key) && field.selectionStart !== null && field.selectionEnd !== null) {
          const next = field.value.slice(0, field.selectionStart) + event.key + field.value.slice(field.selectionEnd);
          if (Number(next.replace(/[^\d.]/g, '')) > Number(max))
            setRefused(`At most ${formatNaira(Number(max) * 100)}`);
        }
        onKeyDown?.(event);
      }}
      onPaste={(event: ClipboardEvent<HTMLInputElement>) => {
        const text = event.clipboardData.getData('text');
        const reason = !isPastedAmount(text)
          ? PASTE_REFUSED
          : Number(text.replace(/[^\d.]/g, '')) > Number(max)
            ? `At most ${formatNaira(Number(max) * 100)}`
            : null;
        setRefused(reason);
        setStray(null);
        if (reason) event.preventDefault();
        onPaste?.(event);
      }}
    />
  );
}
