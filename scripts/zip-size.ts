/**
 * The store zip's size, from a build folder, without building or writing a zip: the bytes `wxt zip`
 * writes for it (its zip library: each file deflated at WXT's level 9, or stored when that is not
 * smaller, behind a local header of 30 bytes and a central entry of 46, each plus the name, and a
 * closing record of 22). `npm test` checks the e2e build with it, so no third build runs for the check;
 * `bench/sizes.ts` measures the real `wxt zip`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { deflateRawSync } from 'node:zlib';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

export function storeZipBytes(buildDir: string): number {
  let total = 22;
  for (const file of filesUnder(buildDir)) {
    const name = Buffer.byteLength(relative(buildDir, file).replaceAll('\\', '/'));
    const raw = readFileSync(file);
    const packed = deflateRawSync(raw, { level: 9 }).length;
    total += 30 + name + Math.min(packed, raw.length) + 46 + name;
  }
  return total;
}
