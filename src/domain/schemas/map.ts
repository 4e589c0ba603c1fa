import { z } from 'zod';
import { travelModeValues } from '../enums';

export const latLngSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type LatLng = z.infer<typeof latLngSchema>;

/** A place: coordinates, or an address the server geocodes first. */
export const placeSchema = z.union([latLngSchema, z.string().trim().min(3, 'Enter an address').max(300)]);
export type Place = z.infer<typeof placeSchema>;

/** POST /api/map/distance (origin and destination). */
export const distanceInputSchema = z.object({
  origin: placeSchema,
  destination: placeSchema,
  travelMode: z.enum(travelModeValues).default('driving'),
});
export type DistanceInput = z.infer<typeof distanceInputSchema>;

export const distanceResultSchema = z.object({
  distanceMeters: z.number().int(),
  durationSeconds: z.number().int(),
  travelMode: z.enum(travelModeValues),
  /** True for the straight-line estimate (no maps key, or the maps service failed). */
  estimate: z.boolean(),
});
export type DistanceResult = z.infer<typeof distanceResultSchema>;

/** POST /api/map/direction (origin, destination, travelMode). */
export const directionInputSchema = distanceInputSchema;

export const directionResultSchema = distanceResultSchema.extend({
  steps: z.array(
    z.object({
      instruction: z.string(),
      distanceMeters: z.number().int(),
      durationSeconds: z.number().int(),
    }),
  ),
  /** Google's encoded overview polyline; null for estimates. */
  polyline: z.string().nullable(),
});
export type DirectionResult = z.infer<typeof directionResultSchema>;

/** POST /api/map/geocode. */
export const geocodeInputSchema = z.object({ address: z.string().trim().min(3, 'Enter an address').max(300) });

export const geocodeResultSchema = latLngSchema.extend({
  formattedAddress: z.string(),
  estimate: z.boolean(),
});
export type GeocodeResult = z.infer<typeof geocodeResultSchema>;

export const mapAreasSchema = z.object({
  areas: z.array(latLngSchema.extend({ name: z.string() })),
});
