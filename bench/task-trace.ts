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
  /** Every task of the main thread, whoever's: the longest (ms), and how many over a frame. */
  longestMs: number;
  overFrame: number;
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
  const onMain = (e: TraceEvent) => main !== undefined && e.pid === main.pid && e.tid === main.tid;
  const tasks = events.filter((e) => onMain(e) && e.name === 'RunTask' && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts);
  const scripts = events.filter((e) => onMain(e) && e.ph === 'X' && e.dur !== undefined && fromExtension(e)).sort((a, b) => a.ts - b.ts);
  // The extension's time in each task: its scripts' spans, nested ones counted once.
  const ours: number[] = [];
  let at = 0;
  for (const t of tasks) {
    const end = t.ts + t.dur!;
    while (at < scripts.length && scripts[at]!.ts < t.ts) at++;
    let covered = 0;
    let reach = t.ts;
    for (let i = at; i < scripts.length && scripts[i]!.ts < end; i++) {
      const s = scripts[i]!;
      const to = Math.min(end, s.ts + s.dur!);
      if (to > reach) {
        covered += to - Math.max(reach, s.ts);
        reach = to;
      }
    }
    if (covered > 0) ours.push(covered / 1000);
  }
  const ms = (t: TraceEvent) => t.dur! / 1000;
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    extensionLongestMs: round(Math.max(0, ...ours)),
    extensionOverFrame: ours.filter((v) => v > FRAME_MS).length,
    extensionTasks: ours.length,
    extensionTotalMs: round(ours.reduce((sum, v) => sum + v, 0)),
    longestMs: round(Math.max(0, ...tasks.map(ms))),
    overFrame: tasks.filter((t) => ms(t) > FRAME_MS).length,
  };
}
