// How far gas centers are from a point, in a straight line: the server's list of centers nearest a
// point and the checkout's list (ordered on the phone, the position never sent) use the same rule,
// as do the server's distance estimates (integrations/maps) and the dispatch board.

export type Point = { lat: number; lng: number };

const EARTH_RADIUS_M = 6_371_000;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (the haversine formula). */
export function haversineMeters(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Great-circle distance in km, to 0.1 km. */
export const straightKm = (a: Point, b: Point): number => Math.round(haversineMeters(a, b) / 100) / 10;

/**
 * The centers nearest `point` first, each with its distance (`distanceKm`); centers as far as one
 * another keep the order they came in (by name, as the list is).
 */
export function nearestFirst<C extends { location: Point }>(
  centers: readonly C[],
  point: Point,
): (C & { distanceKm: number })[] {
  return centers
    .map((center, index) => ({ center, index, km: straightKm(center.location, point) }))
    .sort((a, b) => a.km - b.km || a.index - b.index)
    .map(({ center, km }) => ({ ...center, distanceKm: km }));
}
