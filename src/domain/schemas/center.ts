// Gas centers: the places the company sells, hands over and delivers from (GET /api/centers, and
// the CEO's and Managers' edits). The web's forms and the server validate with the same schemas.
import { z } from 'zod';

/** Trimmed, and spaces inside collapsed: "Arrive  Lekki " is "Arrive Lekki". */
const words = (min: number, max: number, what: string) =>
  z
    .string()
    .trim()
    .min(min, `The ${what} needs at least ${min} characters`)
    .max(max, `The ${what} can be at most ${max} characters`)
    .transform((s) => s.replace(/\s+/g, ' '));

export const centerLocationSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

export const centerSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  location: centerLocationSchema,
  /** The counter's phone; null when none was given. */
  phone: z.string().nullable(),
  /** As people read it, e.g. "Mon–Sat 7:00–19:00"; null when none was given. */
  openingHours: z.string().nullable(),
});
export type Center = z.infer<typeof centerSchema>;

/**
 * A center in the list: with `near`, also how far it is from that point, in a straight line (km,
 * to 0.1 km).
 */
export const listedCenterSchema = centerSchema.extend({ distanceKm: z.number().optional() });
export type ListedCenter = z.infer<typeof listedCenterSchema>;

/** GET /api/centers: every center, by name; nearest first with `near`. */
export const centerListSchema = z.object({ centers: z.array(listedCenterSchema) });
export type CenterList = z.infer<typeof centerListSchema>;

/**
 * GET /api/centers?near=lat,lng: the point the list is ordered from (the phone's position or the
 * area the client chose). Read for that answer only, never stored.
 */
export const centerListQuerySchema = z.object({
  near: z
    .string()
    .trim()
    .regex(/^-?\d{1,3}(\.\d+)?,\s*-?\d{1,3}(\.\d+)?$/, 'Give near as latitude,longitude')
    .transform((s) => {
      const [lat, lng] = s.split(',').map((part) => Number(part.trim()));
      return { lat: lat ?? 0, lng: lng ?? 0 };
    })
    .pipe(centerLocationSchema)
    .optional(),
});
export type CenterListQuery = z.infer<typeof centerListQuerySchema>;

/** A phone the counter answers: a Nigerian number, local or international, as people write it. */
const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{6,20}$/, 'Enter the phone number of the counter');

/** POST /api/centers (CEO access): a new center. */
export const newCenterBodySchema = z.object({
  name: words(2, 80, 'name'),
  address: words(5, 200, 'address'),
  location: centerLocationSchema,
  phone: phone.nullable().optional(),
  openingHours: words(3, 120, 'opening hours').nullable().optional(),
});
export type NewCenterBody = z.input<typeof newCenterBodySchema>;
/** A new center as the server takes it (names trimmed). */
export type NewCenter = z.infer<typeof newCenterBodySchema>;

/** PUT /api/centers/{id}: what changes; a field left out stays as it is, null clears the phone or hours. */
export const updateCenterBodySchema = newCenterBodySchema
  .partial()
  .refine((body) => Object.values(body).some((v) => v !== undefined), { message: 'Change at least one field' });
export type UpdateCenterBody = z.input<typeof updateCenterBodySchema>;
export type CenterChanges = z.infer<typeof updateCenterBodySchema>;

export const centerIdParamsSchema = z.object({ id: z.uuid('Unknown gas center') });
