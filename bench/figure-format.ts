/** How the report writes figures: times, numbers, sizes, verdicts and markdown tables. */
import type { Summary } from './stats';

export const ms = (v: number | null | undefined) => (v === null || v === undefined ? '-' : `${Math.round(v * 10) / 10} ms`);
export const num = (v: number | null | undefined, digits = 2) => (v === null || v === undefined ? '-' : `${Math.round(v * 10 ** digits) / 10 ** digits}`);
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
export const verdict = (ok: boolean | null) => (ok === null ? '' : ok ? 'met' : '**missed**');
export const p = (s: Summary) => `${ms(s.p50)} / ${ms(s.p95)}`;

export function row(cells: (string | number)[]): string {
  return `| ${cells.join(' | ')} |`;
}

export function table(head: string[], rows: (string | number)[][]): string[] {
  return [row(head), row(head.map(() => '---')), ...rows.map(row)];
}
