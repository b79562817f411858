/** An organization an import just finished in goes before the backlog the periodic sweep found. */
export type Priority = 'requested' | 'backlog';

interface Waiter {
  /** Chunks of the organization started before the request: a chunk numbered this or later started after it. */
  after: number;
  resolve: (indexed: boolean) => void;
}

/** One organization's indexing: who waits for it, and its chunks. */
export interface Drain {
  readonly organizationId: string;
  priority: Priority;
  waiters: Waiter[];
  /** Chunks started so far; a chunk's number is the count before it started. */
  startedChunks: number;
  running: number;
  /** The lowest number of a chunk of this pass that found nothing pending or failed; no chunk starts after it. */
  stopAt: number | null;
  failed: boolean;
  /** The queue holding its turn, if any (an entry in the other queue is stale). */
  queued: Priority | null;
}

export interface Chunk {
  drain: Drain;
  number: number;
  /** The priority it was started with: whose connection it holds. */
  priority: Priority;
}

/**
 * Which organization's chunk runs next, without any I/O: at most `slots` chunks at once, at most
 * `perOrganization` of one organization, organizations in turn (a started organization goes to the
 * back of its queue), requested ones before the backlog, and while the backlog has work and no
 * chunk running it keeps the last free slot (when there are at least two), so neither starves.
 */
export class IndexingTurns {
  private readonly drains = new Map<string, Drain>();
  private readonly queues: Record<Priority, Drain[]> = { requested: [], backlog: [] };
  private running = 0;
  private backlogRunning = 0;

  constructor(
    readonly slots: number,
    private readonly perOrganization: number,
  ) {}

  draining(organizationId: string): boolean {
    return this.drains.has(organizationId);
  }

  /** Registers a request; it resolves when a pass that covers it ends (see SearchIndexerService). */
  ask(organizationId: string, priority: Priority): Promise<boolean> {
    let drain = this.drains.get(organizationId);
    if (!drain) {
      drain = { organizationId, priority, waiters: [], startedChunks: 0, running: 0, stopAt: null, failed: false, queued: null };
      this.drains.set(organizationId, drain);
    } else if (priority === 'requested') {
      drain.priority = 'requested';
    }
    const current = drain;
    const answer = new Promise<boolean>((resolve) => current.waiters.push({ after: current.startedChunks, resolve }));
    this.enqueue(drain);
    return answer;
  }

  /** The next chunk to run, counted as started; null when every slot is taken or nobody waits. */
  next(): Chunk | null {
    if (this.running >= this.slots) return null;
    const reserveForBacklog = this.slots > 1 && this.slots - this.running === 1 && this.backlogRunning === 0;
    const order: Priority[] = reserveForBacklog ? ['backlog', 'requested'] : ['requested', 'backlog'];
    for (const priority of order) {
      const drain = this.take(priority);
      if (drain) return this.start(drain, priority);
    }
    return null;
  }

  /**
   * A chunk ended: `taken` entries indexed, or null when it failed. Once the pass has stopped and
   * none of its chunks runs, the requests made before the stopping chunk started are answered and
   * later ones start a new pass. While stopping nothing is answered (abandon() answers false).
   */
  finished(chunk: Chunk, taken: number | null, stopping: boolean): void {
    const { drain } = chunk;
    drain.running--;
    this.running--;
    if (chunk.priority === 'backlog') this.backlogRunning--;
    if (taken === null) drain.failed = true;
    if (taken === null || taken === 0) drain.stopAt = Math.min(drain.stopAt ?? chunk.number, chunk.number);
    if (stopping) return;
    if (drain.running === 0 && drain.stopAt !== null) this.settle(drain, drain.stopAt);
    this.enqueue(drain);
  }

  /** Answers every request false (shutdown). */
  abandon(): void {
    for (const drain of this.drains.values()) for (const waiter of drain.waiters) waiter.resolve(false);
    this.drains.clear();
    this.queues.requested = [];
    this.queues.backlog = [];
  }

  private settle(drain: Drain, stopAt: number): void {
    const indexed = !drain.failed;
    const answered = drain.waiters.filter((w) => w.after <= stopAt);
    drain.waiters = drain.waiters.filter((w) => w.after > stopAt);
    drain.stopAt = null;
    drain.failed = false;
    if (drain.waiters.length === 0) this.drains.delete(drain.organizationId);
    for (const waiter of answered) waiter.resolve(indexed);
  }

  private wants(drain: Drain): boolean {
    return (
      drain.waiters.length > 0 &&
      drain.stopAt === null &&
      drain.running < this.perOrganization &&
      this.drains.get(drain.organizationId) === drain
    );
  }

  private enqueue(drain: Drain): void {
    if (!this.wants(drain) || drain.queued === drain.priority) return;
    drain.queued = drain.priority;
    this.queues[drain.priority].push(drain);
  }

  private take(priority: Priority): Drain | null {
    const queue = this.queues[priority];
    while (queue.length > 0) {
      const drain = queue.shift()!;
      if (drain.queued !== priority) continue;
      drain.queued = null;
      if (this.wants(drain)) return drain;
    }
    return null;
  }

  private start(drain: Drain, priority: Priority): Chunk {
    const chunk = { drain, number: drain.startedChunks++, priority };
    drain.running++;
    this.running++;
    if (priority === 'backlog') this.backlogRunning++;
    this.enqueue(drain); // its next turn: behind every organization already waiting
    return chunk;
  }
}
