import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the contract's zod schemas; served at /api/v1/openapi.json and /api/docs. */
export async function installOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tradeport API',
        version: '1.0.0',
        description:
          'Ordering and invoicing for merchants and their customers. Send `Authorization: Bearer <access_token>` ' +
          'and, to act for a given organisation, `X-Organisation-Id`. Errors are `{error_code, message}`.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
