import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_PREFIX } from '@tradeport/contract';
import type { FastifyInstance } from 'fastify';
import { withRequestId } from './error-handler.ts';

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html never is, so a
 * deploy is picked up on the next navigation. Unknown non-API paths get index.html (client routes).
 */
export async function installSpa(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // .br/.gz written at build time (apps/web/precompress.ts), chosen by Accept-Encoding.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi =
      request.url === API_PREFIX ||
      request.url.startsWith(`${API_PREFIX}/`) ||
      request.url.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(
        withRequestId(request, {
          error_code: 'NOT_FOUND',
          message: `No route for ${request.method} ${request.url.split('?')[0]}.`,
        }),
      );
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app has not been built. Run `npm run build` (npm start does this for you).');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
