import { SegmentedControl } from '@mantine/core';

/** A row of mutually exclusive filters across the screen; each is 44 px high so a thumb hits it. */
export function FilterTabs<T extends string>({
  value,
  onChange,
  options,
  label,
}: {
  value: T;
  onChange: (value: T) => void;
  /** Each filter's value and its words, in the order they show. */
  options: Record<T, string>;
  /** Names the group for a screen reader, e.g. "Show leads". */
  label: string;
}) {
  return (
    <SegmentedControl
      value={value}
      onChange={(v) => onChange(v as T)}
      data={Object.entries<string>(options).map(([v, words]) => ({ value: v, label: words }))}
      aria-label={label}
      fullWidth
      transitionDuration={0}
      size="md"
      styles={{ label: { minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center' } }}
    />
  );
}
