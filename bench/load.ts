import { loadavg } from 'node:os';

/** The machine's load (1 min average, two decimals): every figure is reported beside it. */
export function currentLoad(): number {
  return Math.round(loadavg()[0]! * 100) / 100;
}
