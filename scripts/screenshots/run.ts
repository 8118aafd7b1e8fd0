/**
 * `npm run screenshots [-- --only <scene,...>]`: rebuilds every image the README shows.
 *
 * Builds the extension (`npx wxt build`, the production build the demo uses), starts the emulator on
 * the demo seed, and for each scene (scenes/index.ts) and each locale it asks for: resets the emulator
 * to the seed at the fixed instant FIXED_NOW, launches Chromium with the extension configured through
 * its options page, and runs the scene, which writes docs/screenshots/<name>-<theme>[-fr].png.
 * A file whose bytes are unchanged is not rewritten. After a run of every scene, the PNGs of
 * docs/screenshots/ that no scene wrote are deleted: the folder holds exactly what the scenes make.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { startEmulator } from '../../emulator/server';
import { EXTENSION_DIR } from '../../test/e2e/browser';
import { FIXED_NOW, parseRunArgs, staleShots } from './files';
import { withSceneKit, type KitSetup } from './kit';
import { SCENES } from './scenes/index';

const OUT_DIR = resolve('docs/screenshots');

async function main(): Promise<void> {
  const args = parseRunArgs(process.argv.slice(2), SCENES.map((s) => s.file));
  const chosen = args.only ? SCENES.filter((s) => args.only!.includes(s.file)) : SCENES;

  console.log('screenshots: building the extension (npx wxt build)');
  execFileSync('npx', ['wxt', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });

  const emulator = await startEmulator({ port: 0, seed: 'demo', quiet: true });
  const pronet = `http://pronet.localhost:${new URL(emulator.origin).port}`;
  const setup: KitSetup = {
    extensionDir: EXTENSION_DIR,
    outDir: OUT_DIR,
    pronet,
    emulator: { origin: emulator.origin, baseUrl: emulator.baseUrl, workspaces: emulator.workspaces },
    apiKey: '',
    written: new Set(),
    log: (line) => console.log(line),
  };
  try {
    for (const { file, scene } of chosen) {
      for (const locale of scene.locales ?? ['en']) {
        console.log(`scene ${file} (${locale}): ${scene.title}`);
        const workspaces = await resetEmulator(emulator.origin);
        if (scene.latencyMs) await setLatency(emulator.origin, scene.latencyMs);
        const pro = workspaces.find((w) => w.name === 'demo-pro') ?? workspaces.find((w) => w.plan === 'PRO');
        if (!pro) throw new Error('the demo seed has no Pro workspace');
        setup.emulator.workspaces = workspaces;
        setup.apiKey = pro.apiKey;
        await withSceneKit(setup, locale, (kit) => scene.run(kit));
      }
    }
  } finally {
    await emulator.close();
  }

  const stale = staleShots(readdirSync(OUT_DIR), [...setup.written], chosen.length === SCENES.length);
  for (const file of stale) {
    rmSync(join(OUT_DIR, file));
    console.log(`deleted    ${relative(process.cwd(), join(OUT_DIR, file))} (no scene writes it)`);
  }
  console.log(`screenshots: ${setup.written.size} files from ${chosen.length} scene(s)${stale.length ? `, ${stale.length} deleted` : ''}`);
}

/** The demo seed again, built at FIXED_NOW, with the emulator's clock set there. */
async function resetEmulator(origin: string): Promise<KitSetup['emulator']['workspaces']> {
  const response = await fetch(`${origin}/_emulator/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seed: 'demo', now: FIXED_NOW }),
  });
  if (!response.ok) throw new Error(`the emulator refused the reset: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { workspaces: KitSetup['emulator']['workspaces'] }).workspaces;
}

/** Every API call answered `latencyMs` later (the reset before the next scene clears it). */
async function setLatency(origin: string, latencyMs: number): Promise<void> {
  const response = await fetch(`${origin}/_emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ latencyMs }),
  });
  if (!response.ok) throw new Error(`the emulator refused the latency: ${response.status} ${await response.text()}`);
}

main().catch((error: unknown) => {
  console.error('screenshots failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
