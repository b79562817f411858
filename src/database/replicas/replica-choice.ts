/** What the router knows of one replica from its last probe (and from failed connections since). */
export interface ReplicaHealth {
  /** False after a failed probe or connection, until a probe succeeds again. */
  up: boolean;
  /** WAL bytes replayed at the last probe; null before the first. */
  replayedLsn: bigint | null;
  /** PrimaryPositions.lagMs at the last probe; null while unknown. */
  lagMs: number | null;
}

/** Why a read went to the primary rather than to a replica. */
export type FallbackReason = 'down' | 'lagging' | 'behind_write' | 'write_in_progress' | 'fence_unknown' | 'connect_failed';

/** What a read needs of a replica: to have replayed `lsn` (the organization's last recorded write), or the primary (null). */
export type ReadFence = { lsn: bigint } | { primary: 'write_in_progress' | 'fence_unknown' };

export type ReplicaChoice = { index: number } | { reason: FallbackReason };

/**
 * The replica a read may use, trying them in turn from `start` (round robin): up, lag at most
 * `maxLagMs`, and replayed past the read's fence. Otherwise the reason of the replica that came
 * closest, for the fallback metric.
 */
export function chooseReplica(replicas: readonly ReplicaHealth[], fence: ReadFence, maxLagMs: number, start: number): ReplicaChoice {
  if ('primary' in fence) return { reason: fence.primary };
  let reason: FallbackReason = 'down';
  for (let i = 0; i < replicas.length; i++) {
    const index = (start + i) % replicas.length;
    const replica = replicas[index];
    if (!replica.up || replica.replayedLsn === null || replica.lagMs === null) continue;
    if (replica.lagMs > maxLagMs) {
      reason = 'lagging';
      continue;
    }
    if (replica.replayedLsn < fence.lsn) {
      if (reason === 'down') reason = 'behind_write';
      continue;
    }
    return { index };
  }
  return { reason };
}
