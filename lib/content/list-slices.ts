/**
 * Reads a list page's rows in slices: the links found (in page order) wait in a backlog, and each
 * task reads the rows of `SCAN_SLICE` of them at most, the first (on screen) first, so that a page
 * of thousands of rows (1-2 MB of DOM) never costs a task over a frame (issue 33: the whole
 * corpus results page at full size took 124 ms in one task).
 */
import { LIST_SCAN_MEASURE } from '../status-marks';
import { profileLinksUnder, rowsOfLinks, type ListRow } from './list-rows';
import type { ContentContext } from './profile-page';

/** Links read in one task at most. */
export const SCAN_SLICE = 60;

export interface SlicedReaderDeps {
  window: Window & typeof globalThis;
  ctx: Pick<ContentContext, 'setTimeout'>;
  hosts(): readonly string[];
  /** Whether a link was read already (and need not be again). */
  known(link: Element): boolean;
  /** Whether reading goes on (badges on). */
  enabled(): boolean;
  /** The rows of a later slice, read in a task of their own; `t0` when the task began. */
  later(rows: ListRow[], t0: number): void;
}

export interface SlicedReader {
  /** Adds the links under `roots` to the backlog; the rows of the first slice, read now. */
  scan(roots: Iterable<Node>): ListRow[];
}

export function createSlicedReader(deps: SlicedReaderDeps): SlicedReader {
  const { window } = deps;
  let backlog: Element[] = [];
  /** Rows read since the backlog was last empty: a row is read once, whichever of its links comes first. */
  let read = new Set<Element>();
  let timer: number | undefined;
  const slice = (): ListRow[] => {
    const links = backlog.splice(0, SCAN_SLICE).filter((a) => a.isConnected);
    const rows = rowsOfLinks(links, window.location.href, deps.hosts(), read);
    if (backlog.length === 0) read = new Set();
    else if (timer === undefined) {
      timer = deps.ctx.setTimeout(() => {
        timer = undefined;
        const t0 = window.performance.now();
        if (!deps.enabled()) backlog = [];
        deps.later(backlog.length > 0 ? slice() : [], t0);
      }, 0);
    }
    return rows;
  };
  return {
    scan(roots) {
      for (const root of roots) if (root instanceof window.Element) for (const a of profileLinksUnder(root)) if (!deps.known(a)) backlog.push(a);
      return slice();
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
