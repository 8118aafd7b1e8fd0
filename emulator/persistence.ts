/**
 * `--data FILE`: the emulator's state survives a restart. Writes are debounced and atomic (a
 * temporary file beside the target, then a rename), so a crash mid-write leaves the previous state.
 */
import { existsSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import type { Job } from './jobs';
import type { CallRecord, WorldData } from './model';

export interface PersistedState {
  version: 1;
  savedAt: number;
  clockOffsetMs: number;
  cursorSecret: string;
  world: WorldData;
  jobs: Job[];
  calls: CallRecord[];
}

export function loadState(file: string): PersistedState | null {
  if (!existsSync(file)) return null;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<PersistedState>;
  if (parsed.version !== 1 || !parsed.world || !Array.isArray(parsed.world.workspaces)) {
    throw new Error(`${file} is not an emulator state file (version 1)`);
  }
  return {
    version: 1,
    savedAt: parsed.savedAt ?? 0,
    clockOffsetMs: parsed.clockOffsetMs ?? 0,
    cursorSecret: parsed.cursorSecret ?? '',
    world: parsed.world,
    jobs: parsed.jobs ?? [],
    calls: parsed.calls ?? [],
  };
}

export class StateFile {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> | null = null;
  private dirty = false;

  constructor(
    private readonly file: string,
    private readonly snapshot: () => PersistedState,
    private readonly debounceMs = 300,
  ) {}

  /** A change happened: write soon, once for a burst of changes. */
  schedule(): void {
    this.dirty = true;
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.debounceMs);
  }

  /** Writes now if anything changed since the last write; resolves when it is on disk. */
  async flush(): Promise<void> {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.writing) await this.writing;
    if (!this.dirty) return;
    this.dirty = false;
    const tmp = `${this.file}.${process.pid}.tmp`;
    this.writing = (async () => {
      await writeFile(tmp, JSON.stringify(this.snapshot()));
      await rename(tmp, this.file);
    })().finally(() => {
      this.writing = null;
    });
    await this.writing;
  }
}
