/** What measured a run: the machine (shared as it may be: its load at the start and the end) and the commit. */
import { execFileSync } from 'node:child_process';
import { cpus, totalmem, type as osType, release } from 'node:os';
import { currentLoad } from './load';
import { chromiumPath } from '../test/e2e/browser';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  os: string;
  node: string;
  chromium: string;
  /** 1-minute load average when the run began and ended (the machine may be shared). */
  loadAtStart: number;
  loadAtEnd: number;
}

function run(cmd: string, args: string[]): string {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

export function machine(loadAtStart: number): Machine {
  const cpu = cpus();
  return {
    cpu: cpu[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown',
    cores: cpu.length,
    memoryGb: Math.round((totalmem() / 1_073_741_824) * 10) / 10,
    os: `${osType()} ${release()}`,
    node: process.version,
    chromium: run(chromiumPath(), ['--version']).replace(/^Chromium\s*/i, ''),
    loadAtStart,
    loadAtEnd: currentLoad(),
  };
}

/** The commit the run measured; `-dirty` when the working tree differs from it. */
export function commit(): string {
  const sha = run('git', ['rev-parse', '--short=12', 'HEAD']);
  const dirty = run('git', ['status', '--porcelain', '--untracked-files=no']);
  return dirty && dirty !== 'unknown' ? `${sha}-dirty` : sha;
}
