import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Security headers on every response. Swagger UI needs inline scripts and styles, so its pages
 * get a CSP relaxed for exactly that; the API itself keeps helmet's strict defaults.
 */
export function securityHeaders(docsPath: string): RequestHandler {
  const api = helmet();
  const docs = helmet({
    contentSecurityPolicy: {
      directives: {
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null, // the docs must also work over plain http on a developer machine
      },
    },
  });
  return (req, res, next) => (req.path.startsWith(docsPath) ? docs(req, res, next) : api(req, res, next));
}
