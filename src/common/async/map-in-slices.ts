/** Lets timers and I/O callbacks that are due run before the caller goes on (a macrotask turn). */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * items.map(fn), yielding to the event loop whenever the items mapped since the last turn weigh
 * `sliceWeight` or more (by `weightOf`, a measure of the work an item takes): a long synchronous
 * map holds back every I/O callback of the process meanwhile (an import's batch commit, which
 * needs a turn of the loop for each of its statements; Bull's lock renewal).
 */
export async function mapInSlices<T, R>(
  items: readonly T[],
  fn: (item: T, index: number) => R,
  weightOf: (item: T) => number,
  sliceWeight: number,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let weight = 0;
  for (let i = 0; i < items.length; i++) {
    if (weight >= sliceWeight) {
      await yieldToEventLoop();
      weight = 0;
    }
    results[i] = fn(items[i], i);
    weight += weightOf(items[i]);
  }
  return results;
}
