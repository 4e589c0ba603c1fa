// Routes of /api/upload: product pictures, stored under DATA_DIR/uploads and served back.
//
// Who may call each route, and on what: the staff scopes table (src/domain/staff-scopes.ts);
// GET /file/{name} is public: product pictures are shown to everyone.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { AppError, ErrorType } from '../../../domain/errors';
import { UPLOAD_MAX_BYTES, uploadImageTypes, uploadResponseSchema } from '../../../domain/schemas/upload';
import { routesOf } from '../../lib/route';
import { extensionOf, sniffImageType } from './sniff';

/** Names we hand out: a UUID and a known extension, so a request can never climb out of the folder. */
const STORED_NAME = /^[0-9a-f-]{36}\.(jpg|png|gif|webp|avif)$/;
const typeOfExtension = Object.fromEntries(Object.entries(extensionOf).map(([type, ext]) => [ext, type]));

const uploadRoutes = routesOf('upload', async (app, route) => {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const dir = path.resolve(app.config.DATA_DIR, 'uploads');

  app.post(
    '/file',
    route(`Upload a product picture (multipart field "file"; ${uploadImageTypes.join(', ')}; at most 2 MB)`, {
      who: app.requireStaff(),
      consumes: ['multipart/form-data'],
      created: uploadResponseSchema,
    }),
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError('Send the picture as multipart/form-data in a field named "file"', {
          status: 415,
          type: ErrorType.InvalidInput,
        });
      }
      let buffer: Buffer;
      try {
        const part = await request.file();
        if (!part) throw new AppError('No file was sent', { status: 400, type: ErrorType.InvalidInput });
        buffer = await part.toBuffer();
      } catch (error) {
        if (error instanceof AppError) throw error;
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('The picture is larger than 2 MB', { status: 413, type: ErrorType.InvalidInput });
        }
        throw new AppError('The upload could not be read', { status: 400, type: ErrorType.InvalidInput });
      }
      const contentType = sniffImageType(buffer);
      if (!contentType) {
        throw new AppError(`Only pictures can be uploaded (${uploadImageTypes.join(', ')})`, {
          status: 415,
          type: ErrorType.InvalidInput,
        });
      }
      const name = `${randomUUID()}.${extensionOf[contentType]}`;
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, name), buffer, { flag: 'wx' });
      return reply.code(201).send({ url: `/api/upload/file/${name}`, name, size: buffer.length, contentType });
    },
  );

  app.get(
    '/file/:name',
    route('An uploaded picture', { params: z.object({ name: z.string().regex(STORED_NAME) }) }),
    async (request, reply) => {
      const { name } = request.params;
      let body: Buffer;
      try {
        body = await readFile(path.join(dir, name));
      } catch {
        throw new AppError('File not found', { status: 404, type: ErrorType.NotFound });
      }
      const ext = name.slice(name.lastIndexOf('.') + 1);
      return reply
        .type(typeOfExtension[ext] ?? 'application/octet-stream')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(body);
    },
  );
});

export default uploadRoutes;
