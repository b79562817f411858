import type { Request } from 'express';
import type { AppConfig } from '../common/config/app-config';
import { WellKnownController } from './well-known.controller';

const endpoints = (config: Partial<AppConfig>, request: Partial<Request>) =>
  new WellKnownController(config as AppConfig).profile(request as Request).ucp.services['dev.ucp.shopping'].map((s) => s.endpoint);

describe('WellKnownController', () => {
  const request = { protocol: 'http', get: (name: string) => (name === 'host' ? 'internal:3000' : undefined) } as Partial<Request>;

  it('advertises PUBLIC_ORIGIN + BASE_PATH when PUBLIC_ORIGIN is set (a TLS proxy in front)', () => {
    expect(endpoints({ publicOrigin: 'https://catalog.example.com', basePath: '/api' }, request)).toEqual([
      'https://catalog.example.com/api/ucp',
      'https://catalog.example.com/api/mcp',
    ]);
  });

  it("otherwise the request's own protocol and Host", () => {
    expect(endpoints({ publicOrigin: null, basePath: '' }, request)).toEqual(['http://internal:3000/ucp', 'http://internal:3000/mcp']);
  });
});
