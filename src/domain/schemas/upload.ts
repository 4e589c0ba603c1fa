import { z } from 'zod';

/** Image types a product picture may have; anything else is refused. */
export const uploadImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

export const uploadResponseSchema = z.object({
  /** Where the file is served back, same origin: /api/upload/file/{name}. */
  url: z.string(),
  name: z.string(),
  size: z.number(),
  contentType: z.enum(uploadImageTypes),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
