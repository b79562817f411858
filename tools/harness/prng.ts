/**
 * Small deterministic PRNG (sfc32 seeded through splitmix32) so a given seed always yields the
 * same catalog, byte for byte, on every machine and Node version.
 */
export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.uint32();
  }

  uint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** Integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight: `[[value, weight], ...]`. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, weight] of items) {
      r -= weight;
      if (r < 0) return value;
    }
    return items[items.length - 1][0];
  }

  /** `count` distinct items (order random). */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = items.slice();
    const out: T[] = [];
    for (let i = 0; i < count && pool.length > 0; i++) out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]);
    return out;
  }

  digits(length: number): string {
    let s = '';
    for (let i = 0; i < length; i++) s += String(this.int(0, 9));
    return s;
  }
}

/** Stateless 32-bit hash of an integer with a salt: used to pick elements independently of the main stream. */
export function hashIndex(index: number, salt: number): number {
  let z = (Math.imul(index ^ salt, 0x9e3779b1) + 0x7f4a7c15) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
  return (z ^ (z >>> 16)) >>> 0;
}
