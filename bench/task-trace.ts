/**
 * The main thread's tasks while something runs on a page (issue 42), from a Chromium trace (CDP
 * `Tracing`, the timeline's categories) with the CPU throttled by CDP: every task of the renderer's
 * main thread (`RunTask`), and the extension's time in each: its scripts' calls and evaluation
 * (`FunctionCall`, `EvaluateScript` of a `chrome-extension://` script, with the layouts they force,
 * nested in them). A task is what a user feels: input waits for the one running. A task of the page's
 * in which the extension's observer runs for 0.1 ms is the page's, not the extension's: the time
 * counted is the extension's own. (A CPU profile cannot tell two tasks back to back from one.)
 */
import type { CDPSession, Page } from '@playwright/test';

/** One frame at 60 Hz: a longer task is a stutter. */
export const FRAME_MS = 16;

export interface TaskFigures {
  /** The extension's time in one task: the longest, how many tasks it passes a frame in, how many tasks it ran in, all its time (ms). */
  extensionLongestMs: number;
  extensionOverFrame: number;
  extensionTasks: number;
  extensionTotalMs: number;
  /**
   * What the extension's time in its longest task was made of (ms): its own scripts, the layout and
   * style its reads forced, and the garbage collector's pauses that struck during it (the heap is the
   * page's and the extension's: a pause is set off by whoever allocates next, and lasts as the whole heap).
   */
  longestParts: TimeParts;
  /** The extension's scripts alone (no forced layout, no collector) in its longest task, and its tasks over a frame by that measure. */
  scriptLongestMs: number;
  scriptOverFrame: number;
  /** Every task of the main thread, whoever's: the longest (ms), and how many over a frame. */
  longestMs: number;
  overFrame: number;
}

export interface TimeParts {
  scriptMs: number;
  layoutMs: number;
  gcMs: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; frame?: string; scriptName?: string }; name?: string };
}

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'toplevel'];
const fromExtension = (e: TraceEvent) => (e.args?.data?.url ?? e.args?.data?.scriptName ?? '').startsWith('chrome-extension://');

async function collect(session: CDPSession): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  session.on('Tracing.dataCollected', (d) => void events.push(...(d.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => session.once('Tracing.tracingComplete', () => resolve()));
  await session.send('Tracing.end');
  await done;
  return events;
}

/** Traces `run` on `page` with the CPU slowed `throttle` times; the tasks of the page's main thread. */
export async function tracedTasks(page: Page, throttle: number, run: () => Promise<void>): Promise<TaskFigures> {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await session.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
  try {
    await run();
  } finally {
    await session.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
  const events = await collect(session);
  await session.detach();

  // The renderer's main thread: where the page's scripts are evaluated.
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.tid === e.tid && x.name === 'EvaluateScript'));
  const spans = (keep: (e: TraceEvent) => boolean): Span[] =>
    events
      .filter((e) => main !== undefined && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined && keep(e))
      .map((e) => [e.ts, e.ts + e.dur!] as Span)
      .sort((a, b) => a[0] - b[0]);
  return taskFigures({
    tasks: spans((e) => e.name === 'RunTask'),
    scripts: spans(fromExtension),
    layouts: spans((e) => LAYOUT_EVENTS.has(e.name)),
    gcs: spans((e) => GC_EVENT.test(e.name)),
  });
}

/** A stretch of the main thread, [start, end) in µs. */
export type Span = readonly [number, number];

/** The work a script's read of geometry or style forces. */
const LAYOUT_EVENTS = new Set(['Layout', 'UpdateLayoutTree', 'RecalculateStyles']);
/** The collector's pauses on the main thread (V8's and Blink's). */
const GC_EVENT = /^(MinorGC|MajorGC|V8\.GC|BlinkGC\.|ThreadState::)/;

/** Spans merged: overlapping and nested ones counted once. */
function merged(spans: readonly Span[]): Span[] {
  const out: [number, number][] = [];
  for (const [a, b] of [...spans].sort((x, y) => x[0] - y[0])) {
    const last = out.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** Time of `spans` (merged) within `within` (merged), µs. */
function overlap(spans: readonly Span[], within: readonly Span[]): number {
  let total = 0;
  let j = 0;
  for (const [a, b] of spans) {
    while (j < within.length && within[j]![1] <= a) j++;
    for (let k = j; k < within.length && within[k]![0] < b; k++) total += Math.max(0, Math.min(b, within[k]![1]) - Math.max(a, within[k]![0]));
  }
  return total;
}

/**
 * The figures of a trace's main thread: each task's time in the extension's scripts (nested spans
 * counted once), and what that time was made of (forced layout and style, collector pauses, the rest
 * the scripts' own). Pure: the trace's spans in, figures out.
 */
export function taskFigures(trace: { tasks: readonly Span[]; scripts: readonly Span[]; layouts: readonly Span[]; gcs: readonly Span[] }): TaskFigures {
  const scripts = merged(trace.scripts);
  const layouts = merged(trace.layouts);
  const gcs = merged(trace.gcs);
  const ours: (TimeParts & { totalMs: number })[] = [];
  for (const [start, end] of trace.tasks) {
    const inTask = merged(scripts.filter(([a, b]) => a < end && b > start).map(([a, b]) => [Math.max(a, start), Math.min(b, end)] as Span));
    const covered = inTask.reduce((sum, [a, b]) => sum + b - a, 0);
    if (covered <= 0) continue;
    const layout = overlap(layouts, inTask);
    const gc = overlap(gcs, inTask);
    ours.push({ totalMs: covered / 1000, layoutMs: layout / 1000, gcMs: gc / 1000, scriptMs: Math.max(0, covered - layout - gc) / 1000 });
  }
  const round = (v: number) => Math.round(v * 10) / 10;
  const longest = ours.reduce<(typeof ours)[number] | undefined>((top, t) => (!top || t.totalMs > top.totalMs ? t : top), undefined);
  const taskMs = trace.tasks.map(([a, b]) => (b - a) / 1000);
  return {
    extensionLongestMs: round(longest?.totalMs ?? 0),
    extensionOverFrame: ours.filter((t) => t.totalMs > FRAME_MS).length,
    extensionTasks: ours.length,
    extensionTotalMs: round(ours.reduce((sum, t) => sum + t.totalMs, 0)),
    longestParts: { scriptMs: round(longest?.scriptMs ?? 0), layoutMs: round(longest?.layoutMs ?? 0), gcMs: round(longest?.gcMs ?? 0) },
    scriptLongestMs: round(Math.max(0, ...ours.map((t) => t.scriptMs))),
    scriptOverFrame: ours.filter((t) => t.scriptMs > FRAME_MS).length,
    longestMs: round(Math.max(0, ...taskMs)),
    overFrame: taskMs.filter((v) => v > FRAME_MS).length,
  };
}
