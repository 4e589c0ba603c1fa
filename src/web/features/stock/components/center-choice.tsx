import { Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Center } from '../../../../domain/schemas/center';
import { shiftCenterQueryOptions, stockCentersQueryOptions } from '../api/get-stock-centers';

export type CenterChoice = {
  /** The center chosen; undefined until the centers and the shift are read (the server's default then). */
  centerId: string | undefined;
  centers: Center[];
  /** The center of the member's shift, when they are on one. */
  shiftCenterId: string | null;
  choose: (id: string) => void;
};

/**
 * Which gas center a stock screen shows: CEO and Manager access choose any (the shift's center
 * first); anyone else sees the center of their shift, as the server answers them.
 */
export function useCenterChoice(canChoose: boolean): CenterChoice {
  const centers = useQuery(stockCentersQueryOptions());
  const shift = useQuery(shiftCenterQueryOptions());
  const [chosen, setChosen] = useState<string | null>(null);
  const list = centers.data ?? [];
  const shiftCenterId = shift.data ?? null;
  const fallback = shiftCenterId ?? list[0]?.id;
  const centerId = canChoose ? (chosen ?? fallback) : (shiftCenterId ?? undefined);
  return { centerId, centers: list, shiftCenterId, choose: setChosen };
}

/** The center picker (CEO, Manager) or the center shown (others). */
export function CenterPicker({
  choice,
  canChoose,
  label,
}: {
  choice: CenterChoice;
  canChoose: boolean;
  label: string;
}) {
  const name = choice.centers.find((c) => c.id === choice.centerId)?.name;
  if (canChoose && choice.centers.length > 1) {
    return (
      <Select
        label={label}
        data={choice.centers.map((c) => ({ value: c.id, label: c.name }))}
        value={choice.centerId ?? null}
        onChange={(id) => id && choice.choose(id)}
        allowDeselect={false}
        w={{ base: '100%', xs: 320 }}
      />
    );
  }
  if (!name) return null;
  return (
    <Text c="light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))">
      {label}: <strong>{name}</strong>
      {!canChoose && ' (the center of your shift)'}
    </Text>
  );
}
