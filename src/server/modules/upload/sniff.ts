import type { uploadImageTypes } from '../../../domain/schemas/upload';

type ImageType = (typeof uploadImageTypes)[number];

const startsWith = (buf: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => buf[offset + i] === b);
const ascii = (buf: Buffer, text: string, offset: number) =>
  buf.subarray(offset, offset + text.length).toString('latin1') === text;

/**
 * The image type the bytes really are, or null. The browser-declared type is not trusted: a
 * script renamed to .png must not be served back from our origin.
 */
export function sniffImageType(buf: Buffer): ImageType | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(buf, 'GIF87a', 0) || ascii(buf, 'GIF89a', 0)) return 'image/gif';
  if (ascii(buf, 'RIFF', 0) && ascii(buf, 'WEBP', 8)) return 'image/webp';
  if (ascii(buf, 'ftyp', 4) && (ascii(buf, 'avif', 8) || ascii(buf, 'avis', 8))) return 'image/avif';
  return null;
}

export const extensionOf: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
};
