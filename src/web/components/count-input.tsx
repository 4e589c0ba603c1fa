import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * A stock, limit or supply quantity (kg or items). A comma is the thousands' separator, as in the
 * money fields: Mantine reads it as a decimal point by default, so "1,000" typed as Nigerians write
 * it became 1 (a daily limit of 1, a supply of 1 kg).
 */
export function CountInput(
  props: Omit<NumberInputProps, 'thousandSeparator' | 'allowedDecimalSeparators' | 'allowNegative'>,
) {
  return <NumberInput thousandSeparator="," allowedDecimalSeparators={['.']} allowNegative={false} {...props} />;
}
