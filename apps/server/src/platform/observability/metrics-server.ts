import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';
import { listenOn } from '../http/listen.ts';

/**
 * Serves GET /metrics on its own port (METRICS_PORT), so the public port never shows them and a
 * firewall or the cluster's network policy decides who may scrape.
 */
export async function startMetricsServer(options: {
  registry: Registry;
  port: number;
  host: string;
}): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Metrics are at GET /metrics.\n');
      return;
    }
    options.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': options.registry.contentType }).end(text),
      (error: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${error.message}\n`),
    );
  });
  const port = await listenOn(server, options.port, options.host);
  return {
    port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
