/**
 * The relay's bounded log of events on disk: one JSON line per event, appended (a crash loses at most
 * the line being written, never the ones before). Ids go up by one and go on after a restart. When
 * the file holds twice `max` lines it is rewritten with the newest `max` (written aside, then renamed
 * over, so a crash mid-compaction leaves the old file whole). No native package: plain files.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface LoggedEvent<T = unknown> {
  id: number;
  /** When the relay received it (epoch ms, its own clock). */
  at: number;
  data: T;
}

export interface EventLog<T> {
  append(data: T, at: number): LoggedEvent<T>;
  /** Events after `id`, oldest first; `gap` when some after it were already dropped from the log. */
  since(id: number): { events: LoggedEvent<T>[]; gap: boolean };
  lastId(): number;
  /** Whether an event already logged matches (a delivery the service retried). */
  has(match: (data: T) => boolean): boolean;
}

export const DEFAULT_LOG_MAX = 1000;

function readLines<T>(file: string): LoggedEvent<T>[] {
  if (!existsSync(file)) return [];
  const out: LoggedEvent<T>[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      const e = JSON.parse(line) as LoggedEvent<T>;
      if (typeof e.id === 'number' && typeof e.at === 'number') out.push(e);
    } catch {
      // A line cut short by a crash while it was written: the ones before it stand.
    }
  }
  return out;
}

export function openEventLog<T>(file: string, max = DEFAULT_LOG_MAX): EventLog<T> {
  mkdirSync(dirname(file), { recursive: true });
  let events = readLines<T>(file);
  let onDisk = events.length;
  if (events.length > max) events = events.slice(-max);
  let last = events.at(-1)?.id ?? 0;

  function compact() {
    const tmp = `${file}.tmp`;
    writeFileSync(tmp, events.map((e) => `${JSON.stringify(e)}\n`).join(''));
    renameSync(tmp, file);
    onDisk = events.length;
  }

  return {
    append(data, at) {
      const event = { id: (last += 1), at, data };
      appendFileSync(file, `${JSON.stringify(event)}\n`);
      events.push(event);
      onDisk += 1;
      if (events.length > max) events = events.slice(-max);
      if (onDisk >= 2 * max) compact();
      return event;
    },
    since(id) {
      const first = events[0];
      const after = events.filter((e) => e.id > id);
      // Asked from before the oldest kept (and not from the very start, 0): some were dropped. Asked
      // from past the newest: this log is not the one the browser read (its data dir was wiped).
      const gap = (first !== undefined && id > 0 && id < first.id - 1) || id > last;
      return { events: after, gap };
    },
    lastId: () => last,
    has: (match) => events.some((e) => match(e.data)),
  };
}
