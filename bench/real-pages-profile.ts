/**
 * Whose is a long task on a growing feed (issue 33)? A CPU profile of the page (CDP `Profiler`, which
 * samples the page's scripts and the content script's alike) while it grows, with the CPU throttled
 * by CDP (`Emulation.setCPUThrottlingRate`) rather than slowed by the machine's load, which a measure
 * of wall time cannot tell from work. Per sample, the stack is the extension's when any of its
 * frames comes from a `chrome-extension://` script.
 */
import type { Page } from '@playwright/test';
import { round } from './stats';

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string };
  children?: number[];
}

export interface ThrottledProfile {
  page: string;
  throttle: number;
  /** CPU time sampled (ms): the extension's stacks, the page's (any other script), and the browser's own (GC, layout, idle excluded). */
  extensionMs: number;
  pageMs: number;
  /** The longest unbroken run of samples in the extension's stacks (ms): its longest task, at most. */
  longestExtensionMs: number;
  /** The longest unbroken run of samples in the page's scripts, without the extension. */
  longestPageMs: number;
}

/** Profiles `run` on `page` with the CPU slowed `throttle` times. */
export async function throttledProfile(page: Page, name: string, throttle: number, run: () => Promise<void>): Promise<ThrottledProfile> {
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await session.send('Profiler.start');
  try {
    await run();
  } finally {
    await session.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
  const { profile } = (await session.send('Profiler.stop')) as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
  await session.detach();

  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  // Each node's stack: the extension's, the page's (a script's frame, none the extension's), or neither.
  const kind = new Map<number, 'extension' | 'page' | 'none'>();
  const kindOf = (id: number): 'extension' | 'page' | 'none' => {
    const known = kind.get(id);
    if (known) return known;
    let k: 'extension' | 'page' | 'none' = 'none';
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const url = byId.get(at)?.callFrame.url ?? '';
      if (url.startsWith('chrome-extension://')) {
        k = 'extension';
        break;
      }
      if (url !== '') k = 'page';
    }
    kind.set(id, k);
    return k;
  };
  const total = { extension: 0, page: 0, none: 0 };
  const longest = { extension: 0, page: 0, none: 0 };
  let stretch = { kind: 'none' as 'extension' | 'page' | 'none', ms: 0 };
  profile.samples.forEach((id, i) => {
    // A sample's delta is the time until the next one: the time it stands for.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const k = kindOf(id);
    total[k] += ms;
    stretch = stretch.kind === k ? { kind: k, ms: stretch.ms + ms } : { kind: k, ms };
    longest[k] = Math.max(longest[k], stretch.ms);
  });
  return {
    page: name,
    throttle,
    extensionMs: round(total.extension, 1) ?? 0,
    pageMs: round(total.page, 1) ?? 0,
    longestExtensionMs: round(longest.extension, 1) ?? 0,
    longestPageMs: round(longest.page, 1) ?? 0,
  };
}
