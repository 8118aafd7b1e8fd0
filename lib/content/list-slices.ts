/**
 * Reads a list page's rows in slices: the links found (in page order, as they are needed) wait in a
 * backlog, and each task reads them for `SLICE_BUDGET_MS` at most, the first (on screen) first, so
 * that a page of thousands of rows (1-2 MB of DOM) never costs a task over a frame (issue 33: the
 * whole corpus results page at full size took 124 ms in one task; issue 42: 60 links took 27 ms at
 * 4x CPU). The rows go out in batches of `SCAN_SLICE` links', a screen's, whatever the tasks.
 *
 * The reading keeps near the screen (`ahead`): each scan's first batch is read at once, and before
 * each next batch the reader asks whether its next link is within reach of the screen (or passed);
 * if it lies further down, that part of the page waits there until the user scrolls near it. A feed of thousands of rows costs the
 * screens a user sees, not the whole page on arrival (issue 42: nothing done for what nobody shows).
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
/**
 * Links read between two looks at the clock: one, since a feed's post takes up to 4 ms to read at 4x
 * CPU, cold code more, and a step of ten ran a slice past a frame (issue 42).
 */
export const SLICE_STEP = 1;

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
  /** Where reading may go (`read-ahead.ts`); without it, every link is read. */
  ahead?: ReadAhead;
}

/** Whether a link is within reach of the screen. */
export interface ReadAhead {
  /** Calls `near` once, when `link` is within reach of the screen or the user has scrolled past it (in a later task, even if it is now). */
  watch(link: Element, near: () => void): void;
  /** Forgets every link watched. */
  clear(): void;
}

export interface SlicedReader {
  /** Adds the links under `roots` to the backlog and starts reading (now, for a task's budget). */
  scan(roots: Iterable<Node>, options?: { screen?: boolean }): void;
}

/** Links looked at in one step at most, read already or gone (after a change above its place, a walk starts again from the first). */
const LOOK_MAX = 400;

/** One scan's links: walked as needed, and waiting at `head` while that link is out of reach. */
interface Source {
  links: Iterator<Element>;
  /** The next link, taken from `links` to be watched (read first once near). */
  head?: Element;
  /** Waiting for `head` to come within reach. */
  parked: boolean;
  /** Links read since the source last asked whether it may go on (its first batch needs no asking). */
  sinceAsked: number;
}

export function createSlicedReader(deps: SlicedReaderDeps): SlicedReader {
  const { window, ahead } = deps;
  /** Where the links still to read come from, in page order: each scan's roots, walked as needed. */
  let sources: Source[] = [];
  /** Rows read since the backlog was last empty: a row is read once, whichever of its links comes first. */
  let read = new Set<Element>();
  let timer: number | undefined;
  /** The batch being gathered: its rows, the links read for it, and whether it is a screen's. */
  let gathered: ListRow[] = [];
  let linksRead = 0;
  let screen = false;
  const now = deps.now ?? (() => window.performance.now());
  const wanted = (link: Element) => link.isConnected && !deps.known(link);
  /** The source's next link still to read; 'later' after `LOOK_MAX` links read already (the clock is looked at). */
  const next = (source: Source): Element | 'done' | 'later' => {
    if (source.head !== undefined) {
      const head = source.head;
      source.head = undefined;
      if (wanted(head)) return head;
    }
    for (let looked = 0; looked < LOOK_MAX; looked++) {
      const step = source.links.next();
      if (step.done) return 'done';
      if (wanted(step.value)) return step.value;
    }
    return 'later';
  };
  /** Whether some source may be read now (one not waiting near the screen). */
  const active = () => sources.some((s) => !s.parked);
  /** Waits at the source's next link until it is near the screen; false if the source is done. */
  const park = (source: Source): boolean => {
    const head = next(source);
    if (head === 'done') return false;
    if (head === 'later') return true;
    source.head = head;
    source.parked = true;
    ahead!.watch(head, () => {
      source.parked = false;
      source.sinceAsked = 0;
      if (timer === undefined && sources.includes(source)) timer = deps.ctx.setTimeout(work, 0);
    });
    return true;
  };
  /** The next links to read (at most `n`), from the first source that may be read. */
  const take = (n: number): Element[] => {
    const out: Element[] = [];
    while (out.length < n) {
      const source = sources.find((s) => !s.parked);
      if (!source) break;
      if (ahead && source.sinceAsked >= SCAN_SLICE) {
        if (!park(source)) sources.splice(sources.indexOf(source), 1);
        continue;
      }
      const link = next(source);
      if (link === 'done') sources.splice(sources.indexOf(source), 1);
      else if (link === 'later') break;
      else {
        source.sinceAsked += 1;
        out.push(link);
      }
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
    if (!deps.enabled()) stop();
    do {
      const links = take(SLICE_STEP);
      linksRead += links.length;
      gathered.push(...rowsOfLinks(links, window.location.href, deps.hosts(), read));
      if (linksRead >= SCAN_SLICE) deliver(t0);
    } while (active() && now() < deadline);
    if (active()) {
      timer = deps.ctx.setTimeout(work, 0);
      return;
    }
    // What was read goes out now, whether the rest waits near the screen or there is no rest.
    deliver(t0);
    if (sources.length === 0) read = new Set();
  };
  const stop = () => {
    sources = [];
    ahead?.clear();
  };
  return {
    scan(roots, options) {
      // A waiting link the page took away never comes near: its source goes on from the next one.
      for (const s of sources) if (s.parked && s.head !== undefined && !s.head.isConnected) Object.assign(s, { parked: false, head: undefined, sinceAsked: SCAN_SLICE });
      for (const root of roots) if (root instanceof window.Element) sources.push({ links: profileLinksOf(root), parked: false, sinceAsked: 0 });
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
