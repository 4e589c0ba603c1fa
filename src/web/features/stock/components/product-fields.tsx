import { Textarea, TextInput } from '@mantine/core';
import { textField } from '../../../lib/text-field';

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
      {...textField(value, onChange)}
      required
      maxLength={120}
      data-autofocus={autoFocus || undefined}
    />
  );
}

export function ProductDescriptionField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return <Textarea label="Description" {...textField(value, onChange)} maxLength={500} rows={3} />;
}
