import { haversineMeters } from '../../domain/center-distance';
import type { HomeDeliveryType } from '../../domain/enums';
import { AppError, ErrorType } from '../../domain/errors';
import { type DeliveryQuote, deliveryFeeKobo, deliveryFeeRules } from '../../domain/schemas/delivery';
import type { DeliveryAddress } from '../../domain/schemas/order';
import type { MapsAdapter } from '../integrations/maps/adapter';

/** A gas center a delivery may start from. */
export type DeliveryCenter = { id: string; name: string; lat: number; lng: number };

/** The center nearest to a point, in a straight line (the first of equals); undefined for none. */
export function nearestCenter<C extends DeliveryCenter>(
  centers: readonly C[],
  point: { lat: number; lng: number },
): C | undefined {
  let nearest: C | undefined;
  let best = Number.POSITIVE_INFINITY;
  for (const center of centers) {
    const meters = haversineMeters(center, point);
    if (meters < best) {
      best = meters;
      nearest = center;
    }
  }
  return nearest;
}

/**
 * Places the address by geocoding its words, picks the gas center it is delivered from (the
 * nearest of `centers` in a straight line: give one center to choose it), measures the road from
 * there and prices the delivery. Refuses addresses it cannot place or that lie too far away.
 * Coordinates sent with the address are not taken: the fee and the 40 km limit follow from where
 * the address is, and a client who sent the gas center's own position would otherwise pay the
 * smallest fee anywhere.
 */
export async function quoteDelivery(
  maps: MapsAdapter,
  address: DeliveryAddress,
  type: HomeDeliveryType,
  centers: readonly DeliveryCenter[],
): Promise<DeliveryQuote> {
  const { lat: _lat, lng: _lng, ...words } = address;
  const whole = await maps.geocode([words.line1, words.city, words.state].join(', '));
  // An estimate (no maps key, or the maps service failing) knows areas, not streets: it is asked
  // for the area the client chose, not one a street is named after ("3 Ikorodu Road", in Yaba).
  const found = whole?.estimate ? await maps.geocode([words.city, words.state].join(', ')) : whole;
  if (!found) {
    throw new AppError(
      `We could not find '${words.city}' on the map. Choose your area from the list (for example Yaba or Lekki Phase 1).`,
      { status: 400, type: ErrorType.InvalidInput, additionalInfo: { field: 'address.city' } },
    );
  }
  const placed: DeliveryAddress = { ...words, lat: found.lat, lng: found.lng };
  const estimate = found.estimate;
  const destination = { lat: placed.lat ?? 0, lng: placed.lng ?? 0 };
  const center = nearestCenter(centers, destination);
  if (!center) throw new AppError('No gas center is set up yet', { status: 503, type: ErrorType.Unknown });
  const route = await maps.distance(center, destination, 'driving');
  const distanceKm = Math.round(route.distanceMeters / 100) / 10;
  if (distanceKm > deliveryFeeRules.maxKm) {
    throw new AppError(
      `This address is ${distanceKm} km from ${center.name}; we deliver up to ${deliveryFeeRules.maxKm} km. Choose pickup instead.`,
      { status: 400, type: ErrorType.InvalidInput, additionalInfo: { field: 'address', distanceKm } },
    );
  }
  return {
    fee: deliveryFeeKobo(distanceKm, type),
    distanceKm,
    estimate: estimate || route.estimate,
    homeDeliveryType: type,
    center: { id: center.id, name: center.name, lat: center.lat, lng: center.lng },
    address: placed,
  };
}
