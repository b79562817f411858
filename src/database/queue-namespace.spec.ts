import { QueueNamespace } from './queue-namespace';

const DEPLOYMENT = '0b5e8a52-4c1e-4d0b-9a57-2f1d1c3e6a10';

describe('QueueNamespace.resolve', () => {
  it('derives the prefix from the deployment id when QUEUE_PREFIX is unset', () => {
    expect(QueueNamespace.resolve(null, DEPLOYMENT)).toEqual({
      prefix: `pds:${DEPLOYMENT}`,
      deploymentId: DEPLOYMENT,
      source: 'deployment',
    });
  });

  it('gives two databases two prefixes', () => {
    const other = '7d7f3c1e-0000-4000-8000-000000000001';
    expect(QueueNamespace.resolve(null, DEPLOYMENT).prefix).not.toBe(QueueNamespace.resolve(null, other).prefix);
  });

  it('uses QUEUE_PREFIX as given when set, keeping the deployment id for telling jobs apart', () => {
    expect(QueueNamespace.resolve('shared:staging', DEPLOYMENT)).toEqual({
      prefix: 'shared:staging',
      deploymentId: DEPLOYMENT,
      source: 'QUEUE_PREFIX',
    });
  });
});
