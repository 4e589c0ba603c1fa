import { haversineMeters } from '../../../domain/center-distance';
import type { TravelMode } from '../../../domain/enums';
import type { DirectionResult, DistanceResult, GeocodeResult, LatLng } from '../../../domain/schemas/map';
import { findLagosArea } from './lagos-areas';

/**
 * One maps interface for the whole server: Google Maps web services when a key is configured,
 * otherwise a straight-line estimate (every answer then says `estimate: true`).
 */
export type MapsAdapter = {
  mode: 'google' | 'estimate';
  distance(origin: LatLng, destination: LatLng, travelMode: TravelMode): Promise<DistanceResult>;
  direction(origin: LatLng, destination: LatLng, travelMode: TravelMode): Promise<DirectionResult>;
  /** Null when the address cannot be placed. */
  geocode(address: string): Promise<GeocodeResult | null>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one maps adapter (chosen by GOOGLE_MAPS_API_KEY), shared by every area that needs it. */
    maps: MapsAdapter;
  }
}

/** Roads in Lagos run about a third longer than the straight line between two points. */
const ROAD_FACTOR = 1.35;
/** Typical door-to-door speeds in Lagos traffic, m/s. */
const SPEED_MPS: Record<TravelMode, number> = {
  driving: 22_000 / 3600,
  walking: 4_800 / 3600,
  bicycling: 12_000 / 3600,
  transit: 16_000 / 3600,
};

function estimateDistance(origin: LatLng, destination: LatLng, travelMode: TravelMode): DistanceResult {
  const distanceMeters = Math.round(haversineMeters(origin, destination) * ROAD_FACTOR);
  return {
    distanceMeters,
    durationSeconds: Math.round(distanceMeters / SPEED_MPS[travelMode]),
    travelMode,
    estimate: true,
  };
}

export function createEstimateMaps(): MapsAdapter {
  return {
    mode: 'estimate',
    distance: async (o, d, mode) => estimateDistance(o, d, mode),
    direction: async (o, d, mode) => {
      const base = estimateDistance(o, d, mode);
      return {
        ...base,
        steps: [
          {
            instruction: 'Head to the destination (straight-line estimate; turn-by-turn directions need Google Maps)',
            distanceMeters: base.distanceMeters,
            durationSeconds: base.durationSeconds,
          },
        ],
        polyline: null,
      };
    },
    geocode: async (address) => {
      const area = findLagosArea(address);
      if (!area) return null;
      return { lat: area.lat, lng: area.lng, formattedAddress: `${area.name}, Lagos, Nigeria`, estimate: true };
    },
  };
}

/** What the adapter needs of fetch; the app gives the server's one outbound client. */
type Fetch = (url: URL, init: { signal?: AbortSignal }) => Promise<Response>;
const GOOGLE_BASE = 'https://maps.googleapis.com/maps/api';
const TIMEOUT_MS = 5000;

type GoogleValue = { value: number; text?: string };
type DistanceMatrixResponse = {
  status: string;
  rows?: { elements?: { status: string; distance?: GoogleValue; duration?: GoogleValue }[] }[];
};
type DirectionsResponse = {
  status: string;
  routes?: {
    overview_polyline?: { points?: string };
    legs?: {
      distance?: GoogleValue;
      duration?: GoogleValue;
      steps?: { html_instructions?: string; distance?: GoogleValue; duration?: GoogleValue }[];
    }[];
  }[];
};
type GeocodeResponse = {
  status: string;
  results?: { formatted_address?: string; geometry?: { location?: { lat: number; lng: number } } }[];
};

const point = (p: LatLng) => `${p.lat},${p.lng}`;
/** A distance and time as Google measured them, rounded to whole metres and seconds. */
const measured = (distance: GoogleValue, duration: GoogleValue, travelMode: TravelMode): DistanceResult => ({
  distanceMeters: Math.round(distance.value),
  durationSeconds: Math.round(duration.value),
  travelMode,
  estimate: false,
});
const stripTags = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Google Maps web services. A failed or refused call falls back to the estimate (marked as such)
 * rather than stopping an order: the fee is then a little less exact, never missing.
 */
export function createGoogleMaps(
  apiKey: string,
  options: { fetch: Fetch; onError?: (err: unknown) => void },
): MapsAdapter {
  const doFetch = options.fetch;
  const fallback = createEstimateMaps();
  async function call<T>(path: string, params: Record<string, string>): Promise<T> {
    const url = new URL(`${GOOGLE_BASE}/${path}/json`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    url.searchParams.set('key', apiKey);
    const res = await doFetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok) throw new Error(`Google Maps ${path} answered ${res.status}`);
    return (await res.json()) as T;
  }
  /** A call answered by Google; on any failure (reported to onError) by the estimate instead. */
  const orEstimate =
    <Args extends unknown[], R>(estimate: (...args: Args) => Promise<R>, google: (...args: Args) => Promise<R>) =>
    async (...args: Args): Promise<R> => {
      try {
        return await google(...args);
      } catch (err) {
        options.onError?.(err);
        return estimate(...args);
      }
    };
  return {
    mode: 'google',
    distance: orEstimate(fallback.distance, async (origin, destination, travelMode) => {
      const body = await call<DistanceMatrixResponse>('distancematrix', {
        origins: point(origin),
        destinations: point(destination),
        mode: travelMode,
      });
      const el = body.rows?.[0]?.elements?.[0];
      if (body.status !== 'OK' || el?.status !== 'OK' || !el.distance || !el.duration) {
        throw new Error(`Google Maps distancematrix: ${body.status}/${el?.status}`);
      }
      return measured(el.distance, el.duration, travelMode);
    }),
    direction: orEstimate(fallback.direction, async (origin, destination, travelMode) => {
      const body = await call<DirectionsResponse>('directions', {
        origin: point(origin),
        destination: point(destination),
        mode: travelMode,
      });
      const route = body.routes?.[0];
      const leg = route?.legs?.[0];
      if (body.status !== 'OK' || !leg?.distance || !leg.duration) {
        throw new Error(`Google Maps directions: ${body.status}`);
      }
      return {
        ...measured(leg.distance, leg.duration, travelMode),
        steps: (leg.steps ?? []).map((s) => ({
          instruction: stripTags(s.html_instructions ?? ''),
          distanceMeters: Math.round(s.distance?.value ?? 0),
          durationSeconds: Math.round(s.duration?.value ?? 0),
        })),
        polyline: route?.overview_polyline?.points ?? null,
      };
    }),
    geocode: orEstimate(fallback.geocode, async (address) => {
      const body = await call<GeocodeResponse>('geocode', { address, region: 'ng' });
      if (body.status === 'ZERO_RESULTS') return null;
      const first = body.results?.[0];
      const loc = first?.geometry?.location;
      if (body.status !== 'OK' || !loc) throw new Error(`Google Maps geocode: ${body.status}`);
      return { lat: loc.lat, lng: loc.lng, formattedAddress: first?.formatted_address ?? address, estimate: false };
    }),
  };
}

/** The adapter the configuration asks for. */
export function createMaps(
  config: { GOOGLE_MAPS_API_KEY?: string | undefined },
  onError: ((err: unknown) => void) | undefined,
  fetch: Fetch,
) {
  return config.GOOGLE_MAPS_API_KEY
    ? createGoogleMaps(config.GOOGLE_MAPS_API_KEY, { fetch, onError })
    : createEstimateMaps();
}
