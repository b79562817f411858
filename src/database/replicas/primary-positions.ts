/** One observation: the primary had written WAL up to `lsn` (bytes) at `at` (ms). */
interface Position {
  at: number;
  lsn: bigint;
}

/**
 * The primary's WAL position sampled over time, to say in milliseconds how far behind a replica's
 * replay is: the age of the oldest position the primary had reached that the replica has not
 * replayed yet (0 when it has replayed the newest). An idle primary therefore shows no lag, and a
 * replica whose replay stopped shows a lag that grows from the first write it misses. Precise to
 * one sampling interval. Memory is bounded: positions older than `keepMs` are dropped, all but the
 * newest of them, so a replica missing that one still reads as at least `keepMs` behind.
 */
export class PrimaryPositions {
  private readonly positions: Position[] = [];

  constructor(private readonly keepMs: number) {}

  /** Records a sample; only the first time each position is seen counts (it is the earliest). */
  record(at: number, lsn: bigint): void {
    const newest = this.positions.at(-1);
    if (!newest || lsn > newest.lsn) this.positions.push({ at, lsn });
    while (this.positions.length > 1 && this.positions[1].at <= at - this.keepMs) this.positions.shift();
  }

  /** Milliseconds the replica at `replayed` is behind at `now`; null before any sample of the primary. */
  lagMs(replayed: bigint, now: number): number | null {
    if (this.positions.length === 0) return null;
    const missing = this.positions.find((position) => position.lsn > replayed);
    return missing ? Math.max(0, now - missing.at) : 0;
  }

  get size(): number {
    return this.positions.length;
  }
}
