/**
 * The pure rules of `npm run screenshots`: the fixed clock, the file names, the command line, and
 * which files of docs/screenshots/ a run may delete.
 */
import type { ShotLocale, Theme } from './scene';

/** Every clock of a run (emulator, pages, service worker) reads this instant: the same world every time. */
export const FIXED_NOW = Date.UTC(2026, 10, 23, 10, 0, 0);

/** The browser's time zone in every shot (the times the panel shows are the same on every machine). */
export const SHOT_TIMEZONE = 'Europe/London';

export const THEMES: readonly Theme[] = ['light', 'dark'];

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** `<name>-<theme>[-fr].png`; English has no suffix. */
export function shotFileName(name: string, theme: Theme, locale: ShotLocale): string {
  if (!KEBAB.test(name)) throw new Error(`a screenshot name is kebab-case: "${name}"`);
  return `${name}-${theme}${locale === 'en' ? '' : `-${locale}`}.png`;
}

export interface RunArgs {
  /** Scene file names (without `.ts`) to run; null: all of them. */
  only: string[] | null;
}

export function parseRunArgs(argv: string[], known: readonly string[]): RunArgs {
  const args: RunArgs = { only: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--only') {
      const list = (argv[++i] ?? '').split(',').map((s) => s.trim().replace(/\.ts$/, '')).filter(Boolean);
      if (list.length === 0) throw new Error('--only takes scene file names, comma-separated');
      const unknown = list.filter((n) => !known.includes(n));
      if (unknown.length) throw new Error(`unknown scene ${unknown.join(', ')} (known: ${known.join(', ')})`);
      args.only = [...(args.only ?? []), ...list];
    } else throw new Error(`unknown argument ${a} (known: --only <scene,...>)`);
  }
  return args;
}

/**
 * The PNGs of the folder that no scene wrote, to delete so that the folder holds exactly what the
 * scenes make. Only after a run of every scene: a partial run does not know the other scenes' files.
 */
export function staleShots(inFolder: readonly string[], written: readonly string[], allScenesRan: boolean): string[] {
  if (!allScenesRan) return [];
  const keep = new Set(written);
  return inFolder.filter((f) => f.endsWith('.png') && !keep.has(f)).sort();
}

/** The names written twice by the scenes (each file must have one author). */
export function duplicateNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const n of names) (seen.has(n) ? twice : seen).add(n);
  return [...twice].sort();
}
