/**
 * The exactly-once fault runs are contract tests run as they are (their own emulator, started by the
 * contract project's global setup); each prints one line of `name=value` figures, ours before
 * ` | naive:` and the naive client's after. Shared by the reply and "This page" sections.
 */
import { spawnSync } from 'node:child_process';

/** Runs the contract test (`args` after `vitest run --project contract`) and answers its line that includes `marker`. */
export function runFaultTest(args: string[], marker: string, log: (line: string) => void): string {
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'contract', ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const out = `${run.stdout}\n${run.stderr}`;
  const line = out.split('\n').find((l) => l.includes(marker));
  if (run.status !== 0 || !line) throw new Error(`the fault run failed (exit ${run.status}):\n${out.slice(-2000)}`);
  log(`  ${line.trim()}`);
  return line;
}

/** The two sides of a fault run's line, each as a reader of its figures (a missing one throws); null when the line has no naive side. */
export function faultLineFigures(line: string): { ours: (k: string) => number; naive: (k: string) => number } | null {
  const [ours, naive] = line.split('| naive:');
  if (ours === undefined || naive === undefined) return null;
  const reader = (s: string) => {
    const pairs = new Map([...s.matchAll(/(\w+)=(\d+)/g)].map((m) => [m[1]!, Number(m[2])]));
    return (k: string) => {
      const v = pairs.get(k);
      if (v === undefined) throw new Error(`the fault run printed no ${k}`);
      return v;
    };
  };
  return { ours: reader(ours), naive: reader(naive) };
}
