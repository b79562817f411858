import { inspect } from 'node:util';

export type Truthy<T> = Exclude<T, false | null | undefined | 0 | ''>;

export interface EventuallyOptions {
  /** How long to keep polling; each call site sets the bound its event needs. */
  timeoutMs?: number;
  /** The pause between two probes. */
  intervalMs?: number;
}

/**
 * Polls `probe` until it returns a truthy value, and returns that value. Fails after `timeoutMs`
 * naming `what` and the last value seen; a probe that throws ends the wait at once (a state the
 * awaited one can no longer follow).
 */
export async function eventually<T>(
  what: string | (() => string),
  probe: () => T | Promise<T>,
  { timeoutMs = 20_000, intervalMs = 50 }: EventuallyOptions = {},
): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as Truthy<T>;
    if (Date.now() > deadline) {
      const name = typeof what === 'string' ? what : what();
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${name} (last probe: ${inspect(value)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
