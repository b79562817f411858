import { prettyMessage, resolveLogFormat } from './log-format';

describe('log format', () => {
  it.each([
    ['auto', true, 'pretty'],
    ['auto', false, 'json'],
    ['json', true, 'json'],
    ['pretty', false, 'pretty'],
  ] as const)('LOG_FORMAT=%s with stdout a terminal: %s → %s', (format, tty, expected) => {
    expect(resolveLogFormat(format, tty)).toBe(expected);
  });

  it('renders a request record as one line, and other records with their context', () => {
    const request = { msg: 'request completed', req: { id: 'req-1', method: 'GET', url: '/v1/catalogs' }, res: { statusCode: 200 }, responseTime: 3 };
    expect(prettyMessage(request, 'msg')).toBe('GET /v1/catalogs 200 3 ms (req-1)');
    expect(prettyMessage({ context: 'Bootstrap', msg: 'Listening on :3000' }, 'msg')).toBe('[Bootstrap] Listening on :3000');
    expect(prettyMessage({ msg: 'plain' }, 'msg')).toBe('plain');
  });
});
