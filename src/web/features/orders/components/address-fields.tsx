import { Autocomplete, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formField } from '../../../lib/text-field';
import { mapAreasQueryOptions } from '../api/get-map-areas';
import { previousAddressesQueryOptions } from '../api/get-previous-addresses';

export type AddressDraft = { line1: string; city: string; note: string };

/** Mantine's dimmed description is below AA contrast on white. */
const READABLE_DESCRIPTION = { description: { color: 'var(--mantine-color-dimmed)' } };

type Props = { value: AddressDraft; onChange: (value: AddressDraft) => void };

/** The delivery address: a previous one in a tap, or a street and a Lagos area. */
export function AddressFields({ value, onChange }: Props) {
  const previous = useQuery(previousAddressesQueryOptions());
  const areas = useQuery(mapAreasQueryOptions());
  const options = (previous.data?.addresses ?? []).map((a, i) => ({
    value: String(i),
    label: `${a.line1}, ${a.city}`,
  }));
  return (
    <Stack gap="xs">
      {options.length > 0 && (
        <Select
          label="Use a previous address"
          placeholder="Choose an address you used before"
          data={options}
          clearable
          onChange={(v) => {
            const a = v === null ? undefined : previous.data?.addresses[Number(v)];
            if (a) onChange({ line1: a.line1, city: a.city, note: a.note ?? '' });
          }}
        />
      )}
      <TextInput
        label="Street address"
        placeholder="12 Herbert Macaulay Way"
        {...formField(value, onChange, 'line1')}
        required
        autoComplete="street-address"
      />
      <Autocomplete
        label="Area"
        placeholder="Yaba, Lekki Phase 1, Ikeja…"
        description="The area of Lagos, used to price the delivery"
        styles={READABLE_DESCRIPTION}
        data={(areas.data?.areas ?? []).map((a) => a.name)}
        value={value.city}
        onChange={(city) => onChange({ ...value, city })}
        required
      />
      <TextInput
        label="Directions for the rider (optional)"
        placeholder="Blue gate opposite the pharmacy"
        {...formField(value, onChange, 'note')}
        maxLength={300}
      />
    </Stack>
  );
}
