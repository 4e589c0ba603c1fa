import type { MantineSize } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { DayRange } from '../lib/use-day-range';

/**
 * A range of days written as people here write them (DD/MM/YYYY), whatever the browser's locale:
 * a native date field showed mm/dd/yyyy on an English-US tablet. One day alone is a range too.
 */
export function DateRangeField({
  label,
  value,
  onChange,
  width,
  size,
}: {
  label: string;
  value: DayRange;
  onChange: (range: DayRange) => void;
  /** Width from the `xs` breakpoint up; below it the field takes the whole line. */
  width: number;
  size?: MantineSize;
}) {
  return (
    <DatePickerInput
      type="range"
      label={label}
      valueFormat="DD/MM/YYYY"
      value={value}
      onChange={(v) => onChange(v as DayRange)}
      allowSingleDateInRange
      size={size}
      w={{ base: '100%', xs: width }}
    />
  );
}
