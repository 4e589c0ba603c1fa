import type { UploadResponse } from '../../../../domain/schemas/upload';
import { api } from '../../../lib/api-client';

/** A product picture (multipart); the server checks the bytes are an image and at most 2 MB. */
export function uploadPicture(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.post<UploadResponse>('upload/file', undefined, { body: form });
}
