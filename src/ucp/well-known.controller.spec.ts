import { Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AppConfig } from '../common/config/app-config';
import { WellKnownController } from './well-known.controller';

function answer(config: Partial<AppConfig>, request: Partial<Request>) {
  const headers: Record<string, string> = {};
  const response = { setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value) } as unknown as Response;
  const body = new WellKnownController(config as AppConfig).profile(request as Request, response);
  return { endpoints: body.ucp.services['dev.ucp.shopping'].map((s) => s.endpoint), headers };
}

describe('WellKnownController', () => {
  const request = { protocol: 'http', get: (name: string) => (name === 'host' ? 'internal:3000' : undefined) } as Partial<Request>;

  it('advertises PUBLIC_ORIGIN + BASE_PATH when PUBLIC_ORIGIN is set (a TLS proxy in front), cacheable by anyone', () => {
    const { endpoints, headers } = answer({ publicOrigin: 'https://catalog.example.com', basePath: '/api' }, request);
    expect(endpoints).toEqual(['https://catalog.example.com/api/ucp', 'https://catalog.example.com/api/mcp']);
    expect(headers).toEqual({ 'cache-control': 'public, max-age=300' });
  });

  it("otherwise the request's own protocol and Host, answered Vary: Host and private (no shared cache serves it to another Host)", () => {
    const { endpoints, headers } = answer({ publicOrigin: null, basePath: '' }, request);
    expect(endpoints).toEqual(['http://internal:3000/ucp', 'http://internal:3000/mcp']);
    expect(headers).toEqual({ 'cache-control': 'private, max-age=300', vary: 'Host' });
  });

  it('warns at boot when PUBLIC_ORIGIN is unset, and only then', () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      new WellKnownController({ publicOrigin: 'https://catalog.example.com' } as AppConfig).onApplicationBootstrap();
      expect(warn).not.toHaveBeenCalled();
      new WellKnownController({ publicOrigin: null } as AppConfig).onApplicationBootstrap();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0][0]).toMatch(/^PUBLIC_ORIGIN is not set: .*Host header/);
    } finally {
      warn.mockRestore();
    }
  });
});
