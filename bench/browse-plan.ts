/**
 * The browse trace's plan: its options and the trace itself, a seeded walk over the look-alike's
 * profiles where a set share of the views go back to a profile seen before.
 */
import { rng } from './stats';

export interface BrowseOptions {
  views: number;
  /** Share of views that go back to a profile seen before. */
  revisitShare: number;
  latencyMs: number;
  /** How long the user stays once both surfaces show the status. */
  dwellMs: number;
  seed: number;
  /** How long a surface may take before the view counts as "status never shown". */
  timeoutMs: number;
  log?: (line: string) => void;
}

export const DEFAULT_BROWSE: BrowseOptions = {
  views: 200,
  revisitShare: 0.6,
  latencyMs: 80,
  dwellMs: 250,
  seed: 20_251,
  timeoutMs: 10_000,
};

export type Mode = 'cached' | 'naive';

export interface TraceStep {
  slug: string;
  revisit: boolean;
}

export type Trace = { start: string; steps: TraceStep[] };

/** The trace: the first profile (a full page load, not measured), then `views` in-page views. */
export function buildTrace(slugs: readonly string[], opts: Pick<BrowseOptions, 'views' | 'revisitShare' | 'seed'>): Trace {
  const random = rng(opts.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const unseen = [...slugs];
  const take = () => unseen.splice(Math.floor(random() * unseen.length), 1)[0]!;
  const start = take();
  // Exactly `revisitShare` of the views are revisits, in a shuffled order; the first one cannot be.
  const revisits = Math.round(opts.views * opts.revisitShare);
  const flags = Array.from({ length: opts.views - 1 }, (_, i) => i < revisits);
  for (let i = flags.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [flags[i], flags[j]] = [flags[j]!, flags[i]!];
  }
  flags.unshift(false);
  const seen = [start];
  let current = start;
  const steps: TraceStep[] = flags.map((revisit) => {
    const slug = revisit ? pick(seen.filter((s) => s !== current)) : take();
    if (!revisit) seen.push(slug);
    current = slug;
    return { slug, revisit };
  });
  return { start, steps };
}
