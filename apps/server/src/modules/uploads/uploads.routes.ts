import type { Readable } from 'node:stream';
import { createImageUpload } from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { access } from '../../platform/tenancy/access.ts';
import { LOCAL_UPLOADS_PATH } from '../../platform/storage/local-image-storage.ts';
import { markUploadStored, presignImageUpload } from './uploads.service.ts';

export function uploadsRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const { storage } = deps;

  registerEndpoint(app, createImageUpload, {
    access: access.user(),
    handler: async ({ actor, params }) =>
      presignImageUpload({ db, storage, userId: actor.userId, type: params.type, now: deps.now() }),
  });

  if (storage.kind !== 'local') return;

  // The embedded store plays S3's part: the signed URL is the permission, so no session is needed.
  app.register(async (scope) => {
    // Hand the body over unread: the store streams it to disk and stops at the signed size. (The
    // JSON parser would buffer it, and its 415 would wrongly ask for JSON.)
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    scope.put(`${LOCAL_UPLOADS_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
      // On a refusal the unread rest of the body is dropped with the connection.
      reply.header('connection', 'close');
      const stored = await storage.receiveUpload({
        key: (request.params as { '*': string })['*'],
        query: request.query as Record<string, unknown>,
        contentType: request.headers['content-type'],
        contentLength: request.headers['content-length'],
        body: (request.body as Readable | undefined) ?? request.raw,
      });
      reply.removeHeader('connection');
      await markUploadStored(db, { key: stored.key, sizeBytes: stored.sizeBytes });
      return reply.status(200).send({ stored: true, size_bytes: stored.sizeBytes });
    });

    scope.get(`${LOCAL_UPLOADS_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
      const image = await storage.openStored((request.params as { '*': string })['*']);
      return reply
        .type(image.contentType)
        .header('content-length', image.sizeBytes)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(image.stream);
    });
  });
}
