/**
 * Snooze presets in the user's local time: "later today", "tomorrow morning", "next week".
 * Pure: the current instant is a parameter, and every computation uses the Date's local-time
 * setters, so a preset lands on the wall-clock hour even across a daylight-saving change.
 * Used by the snooze picker and by the background's "snooze until tomorrow" shortcut.
 */

export type SnoozePresetId = 'later-today' | 'tomorrow-morning' | 'next-week';

export interface SnoozePreset {
  id: SnoozePresetId;
  until: Date;
}

/** The hour a "morning" preset wakes the conversation, local time. */
export const MORNING_HOUR = 9;
/** "Later today" is at least this many hours away, rounded up to the next full hour. */
export const LATER_TODAY_HOURS = 3;

const HOUR_MS = 3_600_000;

function atLocalHour(day: Date, hour: number): Date {
  const d = new Date(day.getTime());
  d.setHours(hour, 0, 0, 0);
  return d;
}

function addLocalDays(day: Date, days: number): Date {
  const d = new Date(day.getTime());
  d.setDate(d.getDate() + days);
  return d;
}

/**
 * `now` plus LATER_TODAY_HOURS, rounded up to the full hour; null when that is no longer today
 * (late in the evening the preset is not offered rather than silently meaning tomorrow).
 */
export function laterToday(now: Date): Date | null {
  const target = new Date(now.getTime() + LATER_TODAY_HOURS * HOUR_MS);
  if (target.getMinutes() !== 0 || target.getSeconds() !== 0 || target.getMilliseconds() !== 0) {
    target.setMinutes(60, 0, 0);
  }
  const sameDay =
    target.getFullYear() === now.getFullYear() && target.getMonth() === now.getMonth() && target.getDate() === now.getDate();
  return sameDay ? target : null;
}

/** The next calendar day at MORNING_HOUR, local time. */
export function tomorrowMorning(now: Date): Date {
  return atLocalHour(addLocalDays(now, 1), MORNING_HOUR);
}

/** The next Monday at MORNING_HOUR, local time; on a Monday, the Monday a week later. */
export function nextWeek(now: Date): Date {
  const daysToMonday = ((8 - now.getDay()) % 7) || 7; // getDay: Sunday 0, Monday 1
  return atLocalHour(addLocalDays(now, daysToMonday), MORNING_HOUR);
}

/**
 * The presets available at `now`, soonest first, each landing at a moment of its own. On a Sunday
 * "tomorrow" and "next week" are both Monday 09:00: two buttons doing one thing make the user wonder
 * what differs, and pushing "next week" to the Monday after would contradict its name (the next week
 * starts tomorrow), so that moment shows once, as "Tomorrow", its day written beside it.
 */
export function snoozePresets(now: Date): SnoozePreset[] {
  const presets: SnoozePreset[] = [];
  const later = laterToday(now);
  if (later) presets.push({ id: 'later-today', until: later });
  presets.push({ id: 'tomorrow-morning', until: tomorrowMorning(now) });
  presets.push({ id: 'next-week', until: nextWeek(now) });
  return presets.filter((p, i) => presets.findIndex((q) => q.until.getTime() === p.until.getTime()) === i);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The value an `<input type="datetime-local">` shows for `d` (local time, minute precision). */
export function toDateTimeLocalValue(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Parses a `datetime-local` value (`YYYY-MM-DDTHH:mm[:ss]`) as local time; null when malformed. */
export function fromDateTimeLocalValue(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => (part === undefined ? 0 : Number(part))) as [
    number, number, number, number, number, number,
  ];
  const d = new Date(year, month - 1, day, hour, minute, second, 0);
  // Reject values the Date constructor would roll over (e.g. 2025-02-30).
  if (d.getFullYear() !== year || d.getMonth() !== month - 1 || d.getDate() !== day) return null;
  return d;
}
