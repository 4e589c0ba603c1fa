import { Button, Card, Chip, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CYLINDER_SIZES_KG, GAS_KG_STEP } from '../../../../domain/constants';
import { formatNaira } from '../../../../domain/format';
import type { Product } from '../../../../domain/schemas/product';
import { gasRefillView, stockToneColor } from '../lib/shop-model';

/** Mantine's dimmed description is below AA contrast on white. */
const READABLE_DESCRIPTION = { description: { color: 'var(--mantine-color-dimmed)' } };

type Props = {
  gas: Product;
  sizeKg: number;
  onSizeChange: (sizeKg: number) => void;
  onAdd: (sizeKg: number, kg: number) => void;
};

/** Gas by cylinder size (a full fill) or by kg (part of one), with the price per kg upfront. */
export function GasRefillCard({ gas, sizeKg, onSizeChange, onAdd }: Props) {
  // As typed: '' while the field is empty (a 0 put back there would take the next digit behind it,
  // so 6 typed into a cleared field read 60).
  const [typed, setTyped] = useState<number | string>(sizeKg);
  const kg = typeof typed === 'number' ? typed : Number(typed) || 0;
  // A new cylinder size starts as a full fill.
  useEffect(() => setTyped(sizeKg), [sizeKg]);
  const view = gasRefillView(gas, sizeKg, kg);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="gas-refill-title">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" wrap="wrap">
          <Title order={2} size="h3" id="gas-refill-title">
            Gas refill
          </Title>
          <Text fw={700} c="var(--mantine-color-anchor)">
            {formatNaira(gas.price)} per kg
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {gas.description}. Choose your cylinder size; we fill it full unless you ask for less.
        </Text>
        <Chip.Group value={String(sizeKg)} onChange={(v) => onSizeChange(Number(v))}>
          <Group gap="xs" role="radiogroup" aria-label="Cylinder size">
            {CYLINDER_SIZES_KG.map((size) => (
              <Chip key={size} value={String(size)} radius="sm">
                {size} kg · {formatNaira(Math.round(gas.price * size))}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Group align="end" wrap="wrap">
          <NumberInput
            label="Amount of gas (kg)"
            description={view.hint}
            styles={READABLE_DESCRIPTION}
            value={typed}
            onChange={setTyped}
            min={GAS_KG_STEP}
            max={sizeKg}
            step={GAS_KG_STEP}
            decimalScale={1}
            // As the shop's first view draws it: typed on the number pad, no 24 × 17 px stepper
            // arrows (unnamed buttons to a screen reader, too small a target for a thumb).
            hideControls
            w={200}
            error={view.error ?? undefined}
          />
          <Button mih={44} onClick={() => onAdd(sizeKg, kg)} disabled={!view.canAdd}>
            {view.addLabel}
          </Button>
        </Group>
        {view.low && (
          <Text size="sm" c={stockToneColor.low}>
            {view.low}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
