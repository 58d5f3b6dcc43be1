import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { ErrorBody } from '@tradeport/contract';
import type { FastifyServerFactory } from 'fastify';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id.ts';
import { listenOn } from './listen.ts';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export type EarlyServer = {
  port: number;
  /** For Fastify's `serverFactory`: the app gets this server, already listening. */
  serverFactory: FastifyServerFactory;
  /** From now on the app answers (call once it is ready). */
  serve(): void;
  /** Stops taking connections and resolves once every request being answered has been. */
  close(): Promise<void>;
};

/**
 * The API's port, listened on before the app exists: while the process migrates and seeds, every
 * request (the health and readiness probes too) gets 503 SERVICE_UNAVAILABLE saying why, so an
 * orchestrator sees a process that is up but not ready rather than a refused connection it might
 * take for a dead one. The app then takes over the same listening socket: there is no moment
 * when the port is free for another process to take.
 */
export async function listenEarly(options: {
  port: number;
  host: string;
  reason: () => string;
}): Promise<EarlyServer> {
  const starting: Handler = (request, response) => {
    const requestId = requestIdOf(request);
    const body: ErrorBody = {
      error_code: 'SERVICE_UNAVAILABLE',
      message: options.reason(),
      request_id: requestId,
    };
    response
      .writeHead(503, {
        'content-type': 'application/json; charset=utf-8',
        'retry-after': '5',
        [REQUEST_ID_HEADER]: requestId,
        connection: 'close',
      })
      .end(JSON.stringify(body));
  };
  let handler: Handler = starting;
  let appHandler: Handler | undefined;
  const server: Server = createServer((request, response) => handler(request, response));
  // Fastify's default, which it sets only on servers it creates: longer than a load balancer's
  // idle timeout (60 s on AWS's), so the balancer, not this server, closes an idle connection.
  server.keepAliveTimeout = 72_000;
  const port = await listenOn(server, options.port, options.host);
  return {
    port,
    serverFactory: (fastifyHandler) => {
      appHandler = fastifyHandler;
      return server;
    },
    serve() {
      if (!appHandler) throw new Error('The app has not been built on this server (serverFactory).');
      handler = appHandler;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Kept-alive connections with no request under way would hold close() open; requests
        // being answered finish, and their connections close after them (app.ts, onSend).
        server.closeIdleConnections();
      }),
  };
}
