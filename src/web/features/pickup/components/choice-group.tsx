import { Radio, Stack } from '@mantine/core';

/** One answer out of a few, each written out in full as a radio button under the question. */
export function ChoiceGroup<T extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  /** Each answer's value and its words, in the order they show. */
  options: Record<T, string>;
}) {
  return (
    <Radio.Group label={label} value={value} onChange={(v) => onChange(v as T)}>
      <Stack gap={6} mt={6}>
        {Object.entries<string>(options).map(([v, words]) => (
          <Radio key={v} value={v} label={words} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
