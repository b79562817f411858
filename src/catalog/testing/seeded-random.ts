/** A JSON value as JSON.parse returns it. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A small deterministic PRNG (xorshift32) in [0, 1), so a spec's random choices replay from fast-check's seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}
