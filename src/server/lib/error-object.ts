import { z } from 'zod';

/**
 * The body of a failed call (the error handler writes every AppError so), for the response
 * schemas of routes that document their failures.
 */
export const errorObjectSchema = z.object({
  message: z.string(),
  status: z.number(),
  type: z.string(),
  additionalInfo: z.unknown().optional(),
});
