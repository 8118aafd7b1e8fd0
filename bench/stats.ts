/** Small statistics for the benchmark's figures (nearest-rank percentiles, rounded output). */

/** Nearest-rank percentile of `values` (`p` in 0..100); null for no values. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? null;
}

export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return values.reduce((a, b) => a + b, 0) / values.length;
}

export function max(values: readonly number[]): number | null {
  return values.length === 0 ? null : Math.max(...values);
}

export interface Summary {
  n: number;
  p50: number | null;
  p95: number | null;
  max: number | null;
  mean: number | null;
}

export function summarize(values: readonly number[]): Summary {
  return { n: values.length, p50: percentile(values, 50), p95: percentile(values, 95), max: max(values), mean: mean(values) };
}

/** `value` rounded to `digits` decimals (null stays null). */
export function round(value: number | null, digits = 1): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** a / b, or null when either is missing or b is 0. */
export function ratio(a: number | null, b: number | null): number | null {
  if (a === null || b === null || b === 0) return null;
  return a / b;
}

/**
 * A deterministic PRNG (mulberry32), uniform in [0, 1): a benchmark's random schedule and picks
 * repeat from one run to the next (the browse trace in both modes; the team's variants per seed).
 */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A summary's figures rounded to `digits` decimals, as the tables show them. */
export function roundSummary(s: Summary, digits = 1): Summary {
  return { ...s, p50: round(s.p50, digits), p95: round(s.p95, digits), max: round(s.max, digits), mean: round(s.mean, digits) };
}
