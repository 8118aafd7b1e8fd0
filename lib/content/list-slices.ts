/**
 * Reads a list page's rows in slices: the links found (in page order, as they are needed) wait in a
 * backlog, and each task reads them for `SLICE_BUDGET_MS` at most, the first (on screen) first, so
 * that a page of thousands of rows (1-2 MB of DOM) never costs a task over a frame (issue 33: the
 * whole corpus results page at full size took 124 ms in one task; issue 42: 60 links took 27 ms at
 * 4x CPU). The rows go out in batches of `SCAN_SLICE` links', a screen's, whatever the tasks.
 */
import { LIST_SCAN_MEASURE } from '../status-marks';
import { profileLinksOf, rowsOfLinks, type ListRow } from './list-rows';
import type { ContentContext } from './profile-page';

/** Links read in one task at most. */
export const SCAN_SLICE = 60;
/**
 * Main-thread time a slice may take: past it, the rest waits for the next task. A slice of 60 links
 * took 27 ms at 4x CPU on a full-size page (URL parsing), past a frame (issue 42).
 */
export const SLICE_BUDGET_MS = 6;
/** Links read between two looks at the clock. */
export const SLICE_STEP = 10;

export interface SlicedReaderDeps {
  window: Window & typeof globalThis;
  ctx: Pick<ContentContext, 'setTimeout'>;
  hosts(): readonly string[];
  /** Whether a link was read already (and need not be again). */
  known(link: Element): boolean;
  /** Whether reading goes on (badges on). */
  enabled(): boolean;
  /**
   * Rows read, a batch of `SCAN_SLICE` links' rows at a time (a screen's: asked for in one message,
   * one conversation list), however many tasks reading them took. `screen`: the first batch of a
   * scan asked for with `{screen: true}`. `t0`: when the task that finished the batch began.
   */
  rows(rows: ListRow[], t0: number, screen: boolean): void;
  /** Milliseconds, monotonic (the page's `performance.now()` by default). */
  now?(): number;
}

export interface SlicedReader {
  /** Adds the links under `roots` to the backlog and starts reading (now, for a task's budget). */
  scan(roots: Iterable<Node>, options?: { screen?: boolean }): void;
}

/** Links looked at in one step at most, kept or not (a page's links are mostly not profiles'). */
const LOOK_MAX = 400;

export function createSlicedReader(deps: SlicedReaderDeps): SlicedReader {
  const { window } = deps;
  /** Where the links still to read come from, in page order: each scan's roots, walked as needed. */
  let sources: Iterator<Element>[] = [];
  /** Rows read since the backlog was last empty: a row is read once, whichever of its links comes first. */
  let read = new Set<Element>();
  let timer: number | undefined;
  /** The batch being gathered: its rows, the links read for it, and whether it is a screen's. */
  let gathered: ListRow[] = [];
  let linksRead = 0;
  let screen = false;
  const now = deps.now ?? (() => window.performance.now());
  /** The next links to read (at most `n`, looking at `LOOK_MAX` links at most). */
  const take = (n: number): Element[] => {
    const out: Element[] = [];
    for (let looked = 0; out.length < n && sources.length > 0 && looked < LOOK_MAX; looked++) {
      const next = sources[0]!.next();
      if (next.done) sources.shift();
      else if (next.value.isConnected && !deps.known(next.value)) out.push(next.value);
    }
    return out;
  };
  const deliver = (t0: number) => {
    const rows = gathered;
    const wasScreen = screen;
    gathered = [];
    linksRead = 0;
    screen = false;
    if (rows.length > 0 || wasScreen) deps.rows(rows, t0, wasScreen);
  };
  /** Reads until the task's budget is spent; a batch goes out when full, and the rest waits for the next task. */
  const work = () => {
    timer = undefined;
    const t0 = now();
    const deadline = t0 + SLICE_BUDGET_MS;
    if (!deps.enabled()) sources = [];
    do {
      const links = take(SLICE_STEP);
      linksRead += links.length;
      gathered.push(...rowsOfLinks(links, window.location.href, deps.hosts(), read));
      if (linksRead >= SCAN_SLICE) deliver(t0);
    } while (sources.length > 0 && now() < deadline);
    if (sources.length > 0) {
      timer = deps.ctx.setTimeout(work, 0);
      return;
    }
    deliver(t0);
    read = new Set();
  };
  return {
    scan(roots, options) {
      for (const root of roots) if (root instanceof window.Element) sources.push(profileLinksOf(root));
      if (options?.screen) screen = true;
      if (timer === undefined) work();
    },
  };
}

/** A task's main-thread time, as one measure replaced each time (read by the benchmarks). */
export function measureTask(performance: Performance, start: number): void {
  try {
    performance.clearMeasures(LIST_SCAN_MEASURE);
    performance.measure(LIST_SCAN_MEASURE, { start, end: performance.now() });
  } catch {
    // A timeline that refuses measures only costs the benchmark its figure.
  }
}
