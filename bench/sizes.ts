/**
 * Benchmark 3, sizes: the extension built and zipped for the Chrome Web Store (`wxt zip`, into
 * `.output/bench/`, a folder of its own), the gzip size of each entrypoint (its HTML, its script and
 * every chunk and stylesheet it loads, each gzipped on its own at level 9), the zip's size, and what
 * makes up the largest bundle: a second build with source maps (in a temporary folder) attributes
 * each byte of it to a package of node_modules or a folder of the project. Both builds run in a
 * process of their own (`bench/build-extension.ts`).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { BENCH_EXTENSION_DIR, BENCH_OUT_DIR } from './extension';
import { STORE_ZIP_CEILING, storeZipBytes } from '../scripts/store-zip';

/**
 * Bytes are not a goal (issue 42): the store zip is held under the ceiling `npm test` checks
 * (scripts/store-zip.ts), a guard against growth nobody chose. The gzip goals per entrypoint of issue
 * 15 are retired too (start-up time is what a user feels): those are only reported.
 */
export const SIZE_GOALS: Readonly<Record<string, number>> = {
  zip: STORE_ZIP_CEILING,
};

/**
 * The sizes before the bundle diet of issue 15 (full zod in every bundle, DOMPurify in the panel's
 * first load), as this benchmark measured them at that commit; the report shows each figure beside.
 */
export const SIZES_BEFORE = {
  commit: '6ef8a7464739',
  gzip: { background: 59_300, 'content script': 11_000, popup: 64_200, 'side panel': 64_200, options: 47_400 } as Readonly<Record<string, number>>,
  zip: 151_700,
};

/** The key of an entrypoint in SIZE_GOALS and SIZES_BEFORE ("content script (profile.js)" → "content script"). */
export function sizeKey(entrypoint: string): string {
  return entrypoint.replace(/ \(.*\)$/, '');
}

export interface FileSize {
  file: string;
  bytes: number;
  gzip: number;
}

export interface EntrypointSize {
  name: string;
  /** What the browser loads for it: the entry file and everything it pulls in. */
  files: string[];
  bytes: number;
  gzip: number;
}

export interface BreakdownRow {
  /** A package (`node_modules/<name>`), a folder of the project, or `(unmapped)`. */
  source: string;
  bytes: number;
  share: number;
}

export interface SizesResult {
  entrypoints: EntrypointSize[];
  files: FileSize[];
  zip: { file: string; bytes: number };
  largest: { file: string; bytes: number; gzip: number; breakdown: BreakdownRow[] };
  /**
   * What the side panel's first load (every script of its entrypoint, chunks shared with the popup and
   * the options page included) is made of, by source: where its bytes come from across chunks.
   */
  sidePanel?: { files: string[]; bytes: number; breakdown: BreakdownRow[] };
  buildS: number;
}

/** Runs `bench/build-extension.ts`; its output only when it fails. Returns that output. */
function buildStep(what: 'zip' | 'maps', outDir: string): string {
  try {
    return execFileSync('npx', ['tsx', 'bench/build-extension.ts', what, outDir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    throw new Error(`the ${what} build failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

const gz = (data: Buffer) => gzipSync(data, { level: 9 }).length;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)]));
}

/**
 * Local files an HTML page or a module loads statically (scripts, stylesheets, imports), and those a
 * classic worker names by their absolute path (the polyfill it loads with `importScripts`).
 */
function references(file: string, text: string): string[] {
  const found: string[] = [];
  const patterns = file.endsWith('.html')
    ? [/<script[^>]*\ssrc="([^"]+)"/g, /<link[^>]*\shref="([^"]+\.(?:css|js))"/g]
    : [/(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]*?from\s*)?["']([^"']+\.js)["']/g, /[`"'](\/[\w./-]+\.js)[`"']/g];
  for (const pattern of patterns) {
    for (const m of text.matchAll(pattern)) {
      const ref = m[1]!;
      if (/^[a-z]+:/i.test(ref)) continue;
      const path = ref.startsWith('/') ? join(BENCH_EXTENSION_DIR, ref) : resolve(dirname(file), ref);
      if (existsSync(path)) found.push(path);
    }
  }
  return found;
}

function closure(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.endsWith('.js') || file.endsWith('.html')) queue.push(...references(file, readFileSync(file, 'utf8')));
  }
  return [...seen];
}

interface ManifestShape {
  background?: { service_worker?: string };
  content_scripts?: { js?: string[]; css?: string[] }[];
  action?: { default_popup?: string };
  side_panel?: { default_path?: string };
  options_ui?: { page?: string };
}

function entrypointsOf(dir: string): { name: string; entry: string[] }[] {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as ManifestShape;
  const out: { name: string; entry: string[] }[] = [];
  if (manifest.background?.service_worker) out.push({ name: 'background', entry: [manifest.background.service_worker] });
  for (const cs of manifest.content_scripts ?? []) {
    const files = [...(cs.js ?? []), ...(cs.css ?? [])];
    out.push({ name: `content script (${files.map((f) => basename(f)).join(', ')})`, entry: files });
  }
  if (manifest.action?.default_popup) out.push({ name: 'popup', entry: [manifest.action.default_popup] });
  if (manifest.side_panel?.default_path) out.push({ name: 'side panel', entry: [manifest.side_panel.default_path] });
  if (manifest.options_ui?.page) out.push({ name: 'options', entry: [manifest.options_ui.page] });
  return out;
}

// ---- Source-map breakdown ----------------------------------------------------------------------

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Map([...B64].map((c, i) => [c, i]));

/** Decodes one segment's base64 VLQ numbers. */
function vlq(segment: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const c of segment) {
    const digit = B64_INDEX.get(c);
    if (digit === undefined) throw new Error(`bad VLQ character ${c}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    out.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return out;
}

/** Where a source file belongs: its package in node_modules, or its folder in the project. */
function owner(source: string): string {
  const path = source.replace(/\\/g, '/').replace(/^(?:\.\.\/)+/, '').replace(/^\/?(?:work\/main\/)?/, '');
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = path.slice(nm + 'node_modules/'.length).split('/');
    return `node_modules/${parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]}`;
  }
  const parts = path.split('/').filter((p) => p !== '' && p !== '.');
  // A file at the top of a folder stands for itself; deeper ones go to their folder.
  if (parts.length <= 2) return parts.join('/') || '(unmapped)';
  return `${parts[0]}/${parts[1]}`;
}

/** Bytes of the generated file attributed to each owner of the sources its map names. */
function breakdown(code: string, map: { sources: string[]; mappings: string; sourceRoot?: string }, mapDir: string): BreakdownRow[] {
  const bytes = new Map<string, number>();
  const add = (key: string, n: number) => bytes.set(key, (bytes.get(key) ?? 0) + n);
  const lines = code.split('\n');
  const mappingLines = map.mappings.split(';');
  let source = 0;
  for (const [i, line] of lines.entries()) {
    const segments = (mappingLines[i] ?? '').split(',').filter(Boolean);
    let column = 0;
    const marks: { column: number; source: number | null }[] = [];
    for (const segment of segments) {
      const fields = vlq(segment);
      column += fields[0] ?? 0;
      if (fields.length >= 4) {
        source += fields[1]!;
        marks.push({ column, source });
      } else marks.push({ column, source: null });
    }
    const lineBytes = Buffer.byteLength(line) + 1;
    if (marks.length === 0) {
      add('(unmapped)', lineBytes);
      continue;
    }
    add('(unmapped)', marks[0]!.column);
    for (const [k, mark] of marks.entries()) {
      const end = marks[k + 1]?.column ?? line.length + 1;
      const name = mark.source === null ? '(unmapped)' : owner(relative(process.cwd(), resolve(mapDir, map.sourceRoot ?? '', map.sources[mark.source] ?? '')));
      add(name, Math.max(0, end - mark.column));
    }
  }
  const total = [...bytes.values()].reduce((a, b) => a + b, 0);
  return [...bytes]
    .map(([src, n]) => ({ source: src, bytes: n, share: total ? Math.round((n / total) * 1000) / 10 : 0 }))
    .sort((a, b) => b.bytes - a.bytes);
}

/** Rows of several files' breakdowns summed by source, shares recomputed, largest first. */
function mergeRows(rows: BreakdownRow[]): BreakdownRow[] {
  const bytes = new Map<string, number>();
  for (const r of rows) bytes.set(r.source, (bytes.get(r.source) ?? 0) + r.bytes);
  const total = [...bytes.values()].reduce((a, b) => a + b, 0);
  return [...bytes]
    .map(([source, n]) => ({ source, bytes: n, share: total ? Math.round((n / total) * 1000) / 10 : 0 }))
    .sort((a, b) => b.bytes - a.bytes);
}

/** The file of `dir` that is `file`'s twin in another build (chunk hashes may differ). */
function twin(dir: string, file: string): string | undefined {
  const rel = relative(BENCH_EXTENSION_DIR, file);
  const stem = basename(rel).replace(/-[\w-]{8}\.js$/, '');
  return walk(dir).find((f) => {
    const r = relative(dir, f);
    return dirname(r) === dirname(rel) && r.endsWith('.js') && (r === rel || basename(r).replace(/-[\w-]{8}\.js$/, '') === stem);
  });
}

export async function sizes(log: (line: string) => void = () => undefined): Promise<SizesResult> {
  log('sizes: wxt zip (chrome) into .output/bench');
  const began = Date.now();
  const zipFile = /^zip (.+)$/m.exec(buildStep('zip', BENCH_OUT_DIR))?.[1]?.trim();
  const buildS = (Date.now() - began) / 1000;
  if (!zipFile) throw new Error('wxt zip wrote no zip');
  // npm test computes the zip from the e2e build instead of zipping again: the two must not drift apart.
  const computed = storeZipBytes(BENCH_EXTENSION_DIR);
  if (computed !== statSync(zipFile).size) throw new Error(`scripts/store-zip.ts computes ${computed} bytes for the zip wxt wrote in ${statSync(zipFile).size}: update it`);

  const files: FileSize[] = walk(BENCH_EXTENSION_DIR)
    .filter((f) => /\.(js|css|html)$/.test(f))
    .map((f) => {
      const data = readFileSync(f);
      return { file: relative(BENCH_EXTENSION_DIR, f), bytes: data.length, gzip: gz(data) };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const byFile = new Map(files.map((f) => [f.file, f]));

  const entrypoints: EntrypointSize[] = entrypointsOf(BENCH_EXTENSION_DIR).map(({ name, entry }) => {
    const all = [...new Set(entry.flatMap((e) => closure(join(BENCH_EXTENSION_DIR, e))))].map((f) => relative(BENCH_EXTENSION_DIR, f));
    const known = all.map((f) => byFile.get(f)).filter((f): f is FileSize => f !== undefined);
    return {
      name,
      files: known.map((f) => f.file),
      bytes: known.reduce((n, f) => n + f.bytes, 0),
      gzip: known.reduce((n, f) => n + f.gzip, 0),
    };
  });

  const largestFile = files.find((f) => f.file.endsWith('.js'));
  if (!largestFile) throw new Error('the build holds no script');
  log(`sizes: source-map build to break down ${largestFile.file}`);
  const mapRoot = mkdtempSync(join(tmpdir(), 'oc-bench-maps-'));
  let rows: BreakdownRow[] = [];
  let sidePanel: SizesResult['sidePanel'];
  try {
    buildStep('maps', mapRoot);
    const mapDir = join(mapRoot, 'chrome-mv3');
    const rowsOf = (file: string): BreakdownRow[] | undefined => {
      const mapped = twin(mapDir, join(BENCH_EXTENSION_DIR, file));
      if (!mapped) return undefined;
      // A file the build copies as it is (the polyfill) has no map: it counts whole, under its name.
      if (!existsSync(`${mapped}.map`)) return [{ source: basename(file), bytes: statSync(mapped).size, share: 100 }];
      const map = JSON.parse(readFileSync(`${mapped}.map`, 'utf8')) as { sources: string[]; mappings: string; sourceRoot?: string };
      return breakdown(readFileSync(mapped, 'utf8').replace(/\n\/\/# sourceMappingURL=.*$/, ''), map, dirname(mapped));
    };
    rows = rowsOf(largestFile.file) ?? [];
    const panel = entrypoints.find((e) => e.name === 'side panel');
    const scripts = panel?.files.filter((f) => f.endsWith('.js')) ?? [];
    const parts = scripts.map(rowsOf);
    if (panel && scripts.length > 0 && parts.every((r) => r !== undefined)) {
      sidePanel = { files: scripts, bytes: scripts.reduce((n, f) => n + (byFile.get(f)?.bytes ?? 0), 0), breakdown: mergeRows(parts.flat()) };
    }
  } finally {
    rmSync(mapRoot, { recursive: true, force: true });
  }

  return {
    entrypoints,
    files,
    zip: { file: relative(process.cwd(), zipFile), bytes: statSync(zipFile).size },
    largest: { ...largestFile, breakdown: rows },
    ...(sidePanel ? { sidePanel } : {}),
    buildS: Math.round(buildS * 10) / 10,
  };
}
