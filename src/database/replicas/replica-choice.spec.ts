import { chooseReplica, type ReplicaHealth } from './replica-choice';

const healthy = (replayedLsn: bigint, lagMs = 0): ReplicaHealth => ({ up: true, replayedLsn, lagMs });
const MAX_LAG = 1_000;

describe('chooseReplica', () => {
  it('takes the replicas in turn from `start`', () => {
    const replicas = [healthy(10n), healthy(10n), healthy(10n)];
    expect(chooseReplica(replicas, { lsn: 0n }, MAX_LAG, 0)).toEqual({ index: 0 });
    expect(chooseReplica(replicas, { lsn: 0n }, MAX_LAG, 4)).toEqual({ index: 1 });
  });

  it('skips a replica that is down or not yet measured', () => {
    const replicas: ReplicaHealth[] = [
      { up: false, replayedLsn: 10n, lagMs: 0 },
      { up: true, replayedLsn: null, lagMs: null },
      healthy(10n),
    ];
    expect(chooseReplica(replicas, { lsn: 0n }, MAX_LAG, 0)).toEqual({ index: 2 });
    expect(chooseReplica(replicas.slice(0, 2), { lsn: 0n }, MAX_LAG, 0)).toEqual({ reason: 'down' });
  });

  it('allows a lag of exactly REPLICA_MAX_LAG_MS and skips one millisecond more', () => {
    expect(chooseReplica([healthy(10n, MAX_LAG)], { lsn: 0n }, MAX_LAG, 0)).toEqual({ index: 0 });
    expect(chooseReplica([healthy(10n, MAX_LAG + 1)], { lsn: 0n }, MAX_LAG, 0)).toEqual({ reason: 'lagging' });
  });

  it('serves a read only from a replica that replayed its fence (equal is enough)', () => {
    expect(chooseReplica([healthy(99n)], { lsn: 100n }, MAX_LAG, 0)).toEqual({ reason: 'behind_write' });
    expect(chooseReplica([healthy(100n)], { lsn: 100n }, MAX_LAG, 0)).toEqual({ index: 0 });
    expect(chooseReplica([healthy(99n), healthy(101n)], { lsn: 100n }, MAX_LAG, 0)).toEqual({ index: 1 });
  });

  it('sends a pinned organization, or one whose fence is unknown, to the primary', () => {
    expect(chooseReplica([healthy(10n)], { primary: 'write_in_progress' }, MAX_LAG, 0)).toEqual({ reason: 'write_in_progress' });
    expect(chooseReplica([healthy(10n)], { primary: 'fence_unknown' }, MAX_LAG, 0)).toEqual({ reason: 'fence_unknown' });
  });

  it('has nothing to choose without replicas', () => {
    expect(chooseReplica([], { lsn: 0n }, MAX_LAG, 0)).toEqual({ reason: 'down' });
  });
});
