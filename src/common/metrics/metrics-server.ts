import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';

/** A bare /metrics endpoint for processes without HTTP (the standalone worker). */
export function startMetricsServer(registry: Registry, port: number): Server {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":{"type":"not_found","message":"Only GET /metrics here"}}');
      return;
    }
    registry.metrics().then(
      (body) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  server.listen(port);
  return server;
}
