/**
 * Keeps a periodic upkeep pass to a share of the time: after a pass that took d ms it rests
 * d·(1/share − 1) ms. A pass whose cost grows with a catalog (ANALYZE of a table a big import is
 * growing, catalog counts over a million products) then takes at most that share of a PostgreSQL
 * backend instead of running back to back beside the import it follows.
 */
export class PassPacing {
  private restingUntil = 0;

  constructor(
    private readonly share: number,
    private readonly now: () => number = Date.now,
  ) {
    if (!(share > 0 && share <= 1)) throw new RangeError(`share must be in (0, 1], got ${share}`);
  }

  /** Whether a pass may start now. */
  get due(): boolean {
    return this.now() >= this.restingUntil;
  }

  /** Records a pass that started at `startedAt` (this clock) and has just ended. */
  ended(startedAt: number): void {
    const end = this.now();
    this.restingUntil = end + (end - startedAt) * (1 / this.share - 1);
  }
}
