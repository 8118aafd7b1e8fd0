/**
 * The store zip's size, computed from a build's folder as `wxt zip` writes it (its zip library stores
 * each file deflated at level 9, or as is when that is smaller, with a local header, a central-directory
 * entry and one end record), so that `npm test` checks the build it already made instead of building
 * again. `bench/sizes.ts` measures the zip `wxt zip` really writes, and stops if this count differs from it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { deflateRawSync } from 'node:zlib';

/**
 * What `npm test` allows the Chrome Web Store zip (bytes): a guard against growth nobody chose, not a
 * goal (issue 42 retired the 145 kB goal: its cost was a feature or a language). 175 kB when it came in
 * (171.0 kB after issues 33-36); raised to 185 kB on 2026-12-06 for growth chosen in issues 41 and 45
 * (the queue following changes made elsewhere, the panel's essentials on one screen), from 175.0 kB
 * measured before them; raised to 200 kB on 2026-12-06 (second session) for issues 43 and 44 (the
 * person's CRM records and campaign standing in the panel, the whole-search import), in English and
 * French: 197.0 kB measured by `npm test` with both; raised to 212 kB on 2026-12-06 (third session) for
 * the rest of issue 43 (a selection over a search's pages, Enrich the selected, New audience), in
 * English and French: 203.6 kB measured by the e2e build with them. A change that grows it more fails,
 * and must say why.
 */
export const STORE_ZIP_CEILING = 212_000;

const LOCAL_HEADER = 30;
const CENTRAL_ENTRY = 46;
const END_RECORD = 22;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Bytes of the zip of `dir` (an extension build's folder). */
export function storeZipBytes(dir: string): number {
  let total = END_RECORD;
  for (const file of files(dir)) {
    const name = Buffer.byteLength(relative(dir, file).split('\\').join('/'));
    const data = readFileSync(file);
    total += LOCAL_HEADER + CENTRAL_ENTRY + 2 * name + Math.min(data.length, deflateRawSync(data, { level: 9 }).length);
  }
  return total;
}
