// How far gas centers are from a point, in a straight line: the server's list of centers nearest a
// point and the checkout's list (ordered on the phone, the position never sent) use the same rule.

export type Point = { lat: number; lng: number };

const EARTH_RADIUS_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km, to 0.1 km. */
export function straightKm(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h))) * 10) / 10;
}

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
