/**
 * Seeded pseudo-random numbers. The simulator must give the same market for the same seed, so
 * nothing in it may call Math.random. sfc32 is small, fast in JS (pure 32-bit integer ops, no
 * allocation) and passes PractRand far beyond what a market simulation draws.
 */

/** Hashes a string or number seed into 32 bits (FNV-1a, then an avalanche so close seeds diverge). */
export function hashSeed(seed: string | number): number {
  const s = String(seed);
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  /** Box–Muller yields normals in pairs; the second is kept for the next call. */
  private spare = 0;
  private hasSpare = false;

  constructor(seed: string | number) {
    this.a = hashSeed(`${seed}:a`);
    this.b = hashSeed(`${seed}:b`);
    this.c = hashSeed(`${seed}:c`);
    this.d = 1;
    // Warm up: the first outputs of sfc32 still show the seed's structure.
    for (let i = 0; i < 15; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Standard normal. */
  normal(): number {
    if (this.hasSpare) {
      this.hasSpare = false;
      return this.spare;
    }
    let u = 0;
    while (u === 0) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    this.hasSpare = true;
    return r * Math.cos(2 * Math.PI * v);
  }

  /** Exponential with the given rate (events per unit). */
  exponential(rate: number): number {
    let u = 0;
    while (u === 0) u = this.next();
    return -Math.log(u) / rate;
  }
}
