import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { duplicateNames, FIXED_NOW, parseRunArgs, shotFileName, staleShots } from '../../../scripts/screenshots/files';
import { SCENES } from '../../../scripts/screenshots/scenes/index';

describe('screenshot file names', () => {
  it('are <name>-<theme>[-fr].png, English without a suffix', () => {
    expect(shotFileName('sidepanel-ada-lovelace', 'light', 'en')).toBe('sidepanel-ada-lovelace-light.png');
    expect(shotFileName('sidepanel-ada-lovelace', 'dark', 'en')).toBe('sidepanel-ada-lovelace-dark.png');
    expect(shotFileName('options', 'dark', 'fr')).toBe('options-dark-fr.png');
  });

  it('refuse a name that is not kebab-case', () => {
    for (const bad of ['Options', 'side panel', 'a--b', '-a', 'a-', 'a/b', '']) {
      expect(() => shotFileName(bad, 'light', 'en'), bad).toThrow(/kebab-case/);
    }
  });
});

describe('stale screenshots', () => {
  const folder = ['a-light.png', 'a-dark.png', 'old-light.png', 'notes.md'];

  it('are the PNGs no scene wrote, after a run of every scene', () => {
    expect(staleShots(folder, ['a-light.png', 'a-dark.png'], true)).toEqual(['old-light.png']);
  });

  it('are none after a partial run (--only), which does not know the other scenes', () => {
    expect(staleShots(folder, ['a-light.png'], false)).toEqual([]);
  });

  it('never include a file that is not a PNG', () => {
    expect(staleShots(folder, [], true)).not.toContain('notes.md');
  });
});

describe('the command line', () => {
  const known = ['overview', 'options'];

  it('runs every scene by default, some with --only (comma-separated, .ts allowed)', () => {
    expect(parseRunArgs([], known)).toEqual({ only: null });
    expect(parseRunArgs(['--only', 'options,overview.ts'], known)).toEqual({ only: ['options', 'overview'] });
  });

  it('refuses an unknown scene or argument, naming the known ones', () => {
    expect(() => parseRunArgs(['--only', 'nope'], known)).toThrow(/unknown scene nope \(known: overview, options\)/);
    expect(() => parseRunArgs(['--only'], known)).toThrow(/--only takes/);
    expect(() => parseRunArgs(['--fast'], known)).toThrow(/unknown argument --fast/);
  });
});

describe('the scene registry', () => {
  it('names each scene once', () => {
    expect(duplicateNames(['a', 'b', 'a', 'c', 'b'])).toEqual(['a', 'b']);
    expect(duplicateNames(SCENES.map((s) => s.file))).toEqual([]);
    expect(duplicateNames(SCENES.map((s) => s.scene.title))).toEqual([]);
  });

  it('lists every scene file of the folder, by its file name', () => {
    const files = readdirSync(resolve('scripts/screenshots/scenes'))
      .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
      .map((f) => f.replace(/\.ts$/, ''));
    expect(SCENES.map((s) => s.file).sort()).toEqual(files.sort());
  });

  it('shoots at a fixed instant', () => {
    expect(new Date(FIXED_NOW).toISOString()).toBe('2026-11-23T10:00:00.000Z');
  });
});

describe('the README and docs/screenshots/', () => {
  it('show the same images: each one the README names is in the folder, each one in the folder is in the README', () => {
    const readme = readFileSync(resolve('README.md'), 'utf8');
    const named = [...readme.matchAll(/docs\/screenshots\/([\w.-]+\.png)/g)].map((m) => m[1]!);
    const inFolder = readdirSync(resolve('docs/screenshots')).filter((f) => f.endsWith('.png'));
    expect([...new Set(named)].sort()).toEqual(inFolder.sort());
  });
});
