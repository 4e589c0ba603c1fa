import type { FastifyInstance } from 'fastify';
import { createMaps, type MapsAdapter } from './adapter';

const cache = new WeakMap<object, MapsAdapter>();

/** The app's one maps adapter (chosen by GOOGLE_MAPS_API_KEY), shared by every area that needs it. */
export function mapsFor(app: FastifyInstance): MapsAdapter {
  let maps = cache.get(app.config);
  if (!maps) {
    maps = createMaps(app.config, (err) =>
      app.log.warn({ err }, 'Google Maps failed; using the straight-line estimate'),
    );
    cache.set(app.config, maps);
  }
  return maps;
}
