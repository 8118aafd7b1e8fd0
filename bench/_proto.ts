import { startEmulator } from '../emulator/server';
import { browseTrace } from './browse-trace';
const emu = await startEmulator({ port: 0, seed: 'demo', quiet: true });
const views = Number(process.argv[2] ?? 30);
const modes = process.argv[3] ?? 'both';
const r = await browseTrace(emu, { views, log: console.log });
for (const m of [r.cached, r.naive]) {
  console.log(m.mode, m.durationMs, 'total', m.totalCalls, 'other', m.otherCalls, '429', m.rateLimited);
  for (const g of ['first', 'revisitFresh', 'revisitStale'] as const) console.log(' ', g, JSON.stringify({ n: m[g].views, chip: m[g].chipMs, panel: m[g].panelMs, calls: m[g].calls.mean, sc: m[g].statusCalls.mean, pc: m[g].panelCalls.mean, missing: m[g].missing }));
  for (const v of m.views.filter((v) => !v.revisit)) console.log('   ', v.i, v.chipMs, v.panelMs, v.firstCallMs, v.lastAnswerMs, v.statusCalls, v.panelCalls);
}
console.log(r.ratios);
await emu.close();
