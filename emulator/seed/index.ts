/**
 * Seeds of the emulator (see emulator/SEED-CONTRACT.md): `demo`, `empty`, and with `leads` an extra
 * `bulk` workspace for benchmarks. Pure and deterministic: no clock, no Math.random.
 */
import type { SeedName, SeedOptions, WorldData } from '../model';
import { buildBulk } from './bulk';
import { buildDemo, newContext } from './demo';
import { buildEmpty } from './empty';

export function buildSeed(name: SeedName, opts: SeedOptions): WorldData {
  const world = name === 'demo' ? buildDemo(opts.now) : buildEmpty(opts.now);
  if (opts.leads !== undefined && opts.leads > 0) {
    // A separate id salt: the bulk ids never meet the demo's, whatever their counters.
    const bulk = buildBulk(newContext(opts.now, 0x0b5e55ed), Math.floor(opts.leads));
    world.workspaces.push(bulk.ws);
    // concat, not push(...): a spread of 100 000 arguments can overflow the stack.
    world.profiles = world.profiles.concat(bulk.profiles);
  }
  return world;
}
