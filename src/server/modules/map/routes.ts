import type { z } from 'zod';
import { AppError, ErrorType } from '../../../domain/errors';
import {
  directionInputSchema,
  directionResultSchema,
  distanceInputSchema,
  distanceResultSchema,
  geocodeInputSchema,
  geocodeResultSchema,
  type LatLng,
  mapAreasSchema,
  type Place,
} from '../../../domain/schemas/map';
import type { MapsAdapter } from '../../integrations/maps/adapter';
import { LAGOS_AREAS } from '../../integrations/maps/lagos-areas';
import { routesOf } from '../../lib/route';

async function resolvePlace(
  maps: MapsAdapter,
  place: Place,
  field: string,
): Promise<{ point: LatLng; estimate: boolean }> {
  if (typeof place !== 'string') return { point: place, estimate: false };
  const found = await maps.geocode(place);
  if (!found) {
    throw new AppError(`We could not find '${place}' on the map`, {
      status: 400,
      type: ErrorType.InvalidInput,
      additionalInfo: { field },
    });
  }
  return { point: { lat: found.lat, lng: found.lng }, estimate: found.estimate };
}

/**
 * A maps call between two places, each given as a point or an address: the answer is an estimate
 * when the call's is, or when either address was placed only roughly.
 */
async function betweenPlaces<R extends { estimate: boolean }>(
  maps: MapsAdapter,
  places: { origin: Place; destination: Place },
  call: (origin: LatLng, destination: LatLng) => Promise<R>,
): Promise<R> {
  const origin = await resolvePlace(maps, places.origin, 'origin');
  const destination = await resolvePlace(maps, places.destination, 'destination');
  const result = await call(origin.point, destination.point);
  return { ...result, estimate: result.estimate || origin.estimate || destination.estimate };
}

const rateLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** Routes of the /api/map area: distance, directions and geocoding through the maps adapter. */
const mapRoutes = routesOf('map', async (app, route) => {
  const maps = app.maps;

  /** A maps call, which costs money with Google: signed-in clients only, and a per-client rate limit. */
  const mapsCall = <Body extends z.ZodType, Result extends z.ZodType>(summary: string, body: Body, result: Result) =>
    route(summary, { who: app.requireClient, config: rateLimit, body, ok: result });

  app.post(
    '/distance',
    mapsCall(
      'Road distance and time between two places (estimate: true when straight-line)',
      distanceInputSchema,
      distanceResultSchema,
    ),
    async (request) =>
      betweenPlaces(maps, request.body, (from, to) => maps.distance(from, to, request.body.travelMode)),
  );

  app.post(
    '/direction',
    mapsCall('Directions between two places for a travel mode', directionInputSchema, directionResultSchema),
    async (request) =>
      betweenPlaces(maps, request.body, (from, to) => maps.direction(from, to, request.body.travelMode)),
  );

  app.post(
    '/geocode',
    mapsCall(
      'Coordinates of an address (in sandbox: the Lagos area it names)',
      geocodeInputSchema,
      geocodeResultSchema,
    ),
    async (request) => {
      const found = await maps.geocode(request.body.address);
      if (!found) {
        throw new AppError(`We could not find '${request.body.address}' on the map`, {
          status: 404,
          type: ErrorType.NotFound,
        });
      }
      return found;
    },
  );

  app.get(
    '/areas',
    route('Lagos areas we deliver to, offered by the address form', { ok: mapAreasSchema }),
    async () => ({ areas: LAGOS_AREAS.map(({ name, lat, lng }) => ({ name, lat, lng })) }),
  );
});

export default mapRoutes;
