import { NumberInput, type NumberInputProps } from '@mantine/core';
import { NAIRA_SIGN } from '../../domain/format';

/**
 * An amount typed in naira (2 decimals); the caller converts to kobo with nairaToKobo. A comma is
 * the thousands' separator only: Mantine also reads it as a decimal point by default, so "1,000"
 * typed as Nigerians write it became ₦1.00.
 */
export function MoneyInput(
  props: Omit<NumberInputProps, 'prefix' | 'decimalScale' | 'thousandSeparator' | 'allowedDecimalSeparators'>,
) {
  return (
    <NumberInput
      prefix={NAIRA_SIGN}
      decimalScale={2}
      thousandSeparator=","
      allowedDecimalSeparators={['.']}
      min={0}
      max={100_000_000}
      allowNegative={false}
      inputMode="decimal"
      // Mantine's dimmed description is below 4.5:1 on white; tablets are read in daylight.
      styles={{ description: { color: 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))' } }}
      {...props}
    />
  );
}
