/**
 * mulberry32: a small deterministic PRNG, uniform in [0, 1). Math.random
 * cannot be seeded; the benchmark's generated specs and the real-world
 * sample must be the same for the same seed.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
