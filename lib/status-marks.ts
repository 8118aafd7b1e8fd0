/**
 * Performance marks of "time to status" (read by `bench/browse-trace.ts`): when a surface saw the
 * URL change to a profile, and when it first showed a settled state for that profile.
 *
 * Each name holds one entry (the newest replaces the last), so a long browsing session keeps three
 * marks, not thousands. The detail names the profile only: no state, nothing the page does not know.
 * The marks go to the timeline of the document that shows the status (the profile page for the chip,
 * the panel's page for the panel); the benchmark compares them as `timeOrigin + startTime`.
 */
export const STATUS_MARK = {
  /** The content script saw the tab move to a profile (in-page navigation or load). */
  urlChange: 'outreach-companion:url-change',
  /** The chip first shows a settled state (not "loading") for the profile. */
  chip: 'outreach-companion:chip-status',
  /** The lead panel first renders a settled state for the profile. */
  panel: 'outreach-companion:panel-status',
  /** The list finder last showed badges (detail: the page's URL, canonical or not). */
  listBadges: 'outreach-companion:list-badges',
} as const;

/** A measure of the list finder's work on one batch of new links (its duration: main-thread time). */
export const LIST_SCAN_MEASURE = 'outreach-companion:list-scan';

export type StatusMarkName = (typeof STATUS_MARK)[keyof typeof STATUS_MARK];

export interface StatusMarkDetail {
  profileUrl: string;
}

/** Records `name` for `profileUrl` now, replacing the previous entry of that name. Never throws. */
export function markStatus(name: StatusMarkName, profileUrl: string, perf: Pick<Performance, 'mark' | 'clearMarks'> | undefined = globalThis.performance): void {
  if (!perf) return;
  try {
    perf.clearMarks(name);
    const detail: StatusMarkDetail = { profileUrl };
    perf.mark(name, { detail });
  } catch {
    // A timeline that refuses marks only costs the benchmark its figure, never the user the status.
  }
}
