import { Textarea, TextInput } from '@mantine/core';

/** A product's name and description as the catalogue forms take them (the server's limits). */
export function ProductNameField({
  value,
  onChange,
  autoFocus = false,
}: {
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <TextInput
      label="Name"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      required
      maxLength={120}
      data-autofocus={autoFocus || undefined}
    />
  );
}

export function ProductDescriptionField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Textarea
      label="Description"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maxLength={500}
      rows={3}
    />
  );
}
