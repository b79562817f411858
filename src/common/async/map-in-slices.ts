/** Lets timers and I/O callbacks that are due run before the caller goes on (a macrotask turn). */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * items.map(fn), yielding to the event loop after every `sliceSize` items: a long synchronous map
 * holds back every I/O callback of the process meanwhile (an import's batch commit, which needs a
 * turn of the loop for each of its statements; Bull's lock renewal).
 */
export async function mapInSlices<T, R>(items: readonly T[], fn: (item: T, index: number) => R, sliceSize: number): Promise<R[]> {
  const results = new Array<R>(items.length);
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % sliceSize === 0) await yieldToEventLoop();
    results[i] = fn(items[i], i);
  }
  return results;
}
