import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { Environment } from './enums.ts';

export const getEnvironment = defineEndpoint({
  method: 'GET',
  path: '/environment',
  summary: 'Which environment this deployment is (PRODUCTION unless configured otherwise)',
  tags: ['system'],
  auth: 'public',
  response: z.object({ environment: Environment }),
});

export const getHealth = defineEndpoint({
  method: 'GET',
  path: '/health',
  summary:
    'Liveness and database reachability; 503 SERVICE_UNAVAILABLE while the process starts (migrations) or when the database does not answer',
  tags: ['system'],
  auth: 'public',
  response: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
});

export const getReadiness = defineEndpoint({
  method: 'GET',
  path: '/ready',
  summary:
    'Readiness for a load balancer: 503 SERVICE_UNAVAILABLE while the process starts (migrations, seeding, workers), once it is shutting down, when the database does not answer, or when the database schema is older than this code',
  tags: ['system'],
  auth: 'public',
  response: z.object({ status: z.literal('ready') }),
});
