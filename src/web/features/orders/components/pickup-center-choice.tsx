import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Point } from '../../../../domain/center-distance';
import type { Center } from '../../../../domain/schemas/center';
import { centerCatalogueQueryOptions } from '../api/center-catalogue';
import { mapAreasQueryOptions } from '../api/get-map-areas';
import type { Cart } from '../lib/cart';
import {
  areaPoint,
  type CenterChoice,
  cartStockAt,
  centerStockText,
  pickupCenterChoices,
  pickupCenterDescription,
} from '../lib/shop-model';

/** Mantine's dimmed description is below AA contrast on white. */
const READABLE_DESCRIPTION = { description: { color: 'var(--mantine-color-dimmed)' } };

/**
 * The stock words' colours, 4.5:1 or more on the card in either scheme: the theme's green.9 and
 * orange.9 are just under it on white, and far under it on the dark card.
 */
const STOCK_COLOR = {
  InStock: 'light-dark(#1b5e20, var(--mantine-color-green-4))',
  Short: 'light-dark(#a63c06, var(--mantine-color-orange-4))',
} as const;

type Located =
  | { state: 'idle' }
  | { state: 'asking' }
  | { state: 'found'; point: Point }
  | { state: 'failed'; message: string };

/**
 * The pickup's gas centers, nearest first: from the phone's position once the client asks for it
 * (the browser asks their permission on that tap, never before), else from the area of the address
 * they chose, else by name. The position is used on the phone only: the list is ordered here.
 */
export function usePickupCenters(centers: readonly Center[] | undefined, city: string) {
  const [located, setLocated] = useState<Located>({ state: 'idle' });
  const several = (centers?.length ?? 0) > 1;
  const areas = useQuery({ ...mapAreasQueryOptions(), enabled: several && city.trim().length > 0 });
  const area = areaPoint(city, areas.data?.areas);
  const from: { point: Point; label: string } | null =
    located.state === 'found'
      ? { point: located.point, label: 'Nearest to you first' }
      : area
        ? { point: area, label: `Nearest to ${area.name} first` }
        : null;
  const locate = () => {
    if (!('geolocation' in navigator)) {
      setLocated({ state: 'failed', message: 'This browser cannot tell where you are.' });
      return;
    }
    setLocated({ state: 'asking' });
    navigator.geolocation.getCurrentPosition(
      (position) =>
        setLocated({ state: 'found', point: { lat: position.coords.latitude, lng: position.coords.longitude } }),
      (error) =>
        setLocated({
          state: 'failed',
          message:
            error.code === error.PERMISSION_DENIED
              ? 'Location is not allowed for this site, so the centers are not ordered by distance from you.'
              : 'Your location could not be found just now.',
        }),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  };
  return { choices: pickupCenterChoices(centers, from?.point), from, located, locate };
}

/**
 * Whether each center has the cart's items: its own catalogue (GET /api/product/?center=…), read
 * once there is a choice to make. A center whose catalogue is not known says nothing.
 */
export function useCartStockAtCenters(cart: Cart, choices: readonly CenterChoice[]) {
  const results = useQueries({
    queries: choices.map((c) => ({ ...centerCatalogueQueryOptions(c.id), enabled: cart.length > 0 })),
  });
  return new Map(choices.map((c, i) => [c.id, cartStockAt(cart, results[i]?.data?.products)]));
}

type Props = {
  /** usePickupCenters' answer: the checkout sends the center it shows chosen. */
  picker: ReturnType<typeof usePickupCenters>;
  cart: Cart;
  chosen: CenterChoice;
  onChoose: (centerId: string) => void;
};

/** "Gas center to collect from": a card per center, nearest first, with its stock of the cart. */
export function PickupCenterChoice({ picker, cart, chosen, onChoose }: Props) {
  const { choices, from, located, locate } = picker;
  const stock = useCartStockAtCenters(cart, choices);
  return (
    <Stack gap={6}>
      <Radio.Group
        label="Gas center to collect from"
        description={from?.label}
        value={chosen.id}
        onChange={onChoose}
        styles={READABLE_DESCRIPTION}
      >
        <Stack gap={6} mt={6}>
          {choices.map((center) => {
            const has = stock.get(center.id);
            return (
              // A card per center: its whole box is the target, well over 44 px on a phone.
              <Radio.Card key={center.id} value={center.id} radius="md" p="sm">
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator mt={2} />
                  <Stack gap={0}>
                    <Text fw={600}>{center.name}</Text>
                    <Text size="sm" c="dimmed">
                      {pickupCenterDescription(center)}
                    </Text>
                    {has && (
                      <Text size="sm" fw={500} c={STOCK_COLOR[has]}>
                        {centerStockText[has]}
                      </Text>
                    )}
                  </Stack>
                </Group>
              </Radio.Card>
            );
          })}
        </Stack>
      </Radio.Group>
      {located.state !== 'found' && (
        <Button
          variant="subtle"
          mih={44}
          w="fit-content"
          onClick={locate}
          loading={located.state === 'asking'}
          aria-describedby={located.state === 'failed' ? 'center-location-problem' : undefined}
        >
          Use my location
        </Button>
      )}
      {located.state === 'failed' && (
        <Text id="center-location-problem" size="sm" c="dimmed" role="status">
          {located.message}
        </Text>
      )}
    </Stack>
  );
}
