import { Alert, Button, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { CYLINDER_SIZES_KG } from '../../../../domain/constants';
import type { RequestKeys } from '../../../lib/idempotency-key';
import { formField } from '../../../lib/text-field';
import { useAddCylinder } from '../api/cylinders';

/**
 * The "Add a cylinder" dialog's form (its own chunk: the size select's popover code comes with it).
 * `keys` outlive the dialog, so the same cylinder sent again after closing it is recorded once.
 */
export default function AddCylinderForm({ onSaved, keys }: { onSaved: () => void; keys: RequestKeys }) {
  const add = useAddCylinder();
  const [form, setForm] = useState({ sizeKg: '12.5', serialNumber: '', expiryDate: '' });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const input = { sizeKg: Number(form.sizeKg), serialNumber: form.serialNumber, expiryDate: form.expiryDate };
        add.mutate(
          { input, idempotencyKey: keys.keyFor(input) },
          {
            onSuccess: () => {
              onSaved();
              setForm({ sizeKg: '12.5', serialNumber: '', expiryDate: '' });
              keys.renew();
            },
          },
        );
      }}
    >
      <Stack>
        <Select
          label="Size"
          data={CYLINDER_SIZES_KG.map((s) => ({ value: String(s), label: `${s} kg` }))}
          value={form.sizeKg}
          onChange={(v) => setForm({ ...form, sizeKg: v ?? '12.5' })}
          allowDeselect={false}
        />
        <TextInput label="Serial number (on the collar)" {...formField(form, setForm, 'serialNumber')} required />
        <TextInput label="Expiry or retest date" type="date" {...formField(form, setForm, 'expiryDate')} required />
        {add.error && (
          <Alert color="red" role="alert">
            {add.error.message}
          </Alert>
        )}
        <Button type="submit" loading={add.isPending}>
          Save cylinder
        </Button>
      </Stack>
    </form>
  );
}
