import { createServer, type RequestListener, type Server } from 'node:http';
import type { Registry } from 'prom-client';

/** The full readiness report (dependencies, queue namespace) and the status code to answer it with. */
export type ReadinessProbe = () => Promise<{ statusCode: number; body: unknown }>;

const NOT_FOUND = '{"error":{"type":"not_found","message":"Only GET /metrics and GET /health/ready here"}}';

/**
 * The operations endpoint served on METRICS_PORT, away from the public port: GET /metrics
 * (Prometheus text) and, where the process has one, GET /health/ready with the full report.
 */
export function operationsListener(registry: Registry, readiness?: ReadinessProbe): RequestListener {
  return (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && path === '/metrics') {
      registry.metrics().then(
        (body) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(body),
        () => res.writeHead(500).end(),
      );
      return;
    }
    if (req.method === 'GET' && path === '/health/ready' && readiness) {
      readiness().then(
        ({ statusCode, body }) => res.writeHead(statusCode, { 'Content-Type': 'application/json' }).end(JSON.stringify(body)),
        () => res.writeHead(500).end(),
      );
      return;
    }
    res.writeHead(404, { 'Content-Type': 'application/json' }).end(NOT_FOUND);
  };
}

/** Listens on `port` (all interfaces: firewall it to the monitoring network). */
export function startMetricsServer(listener: RequestListener, port: number): Server {
  const server = createServer(listener);
  server.listen(port);
  return server;
}
