/**
 * The README's test command: static checks, then every suite (unit, contract, e2e in Chromium, e2e
 * in Firefox) and the Firefox build checked by web-ext lint, then one closing line `N passed, M failed` summing them all (CI reads
 * that line; a failed build or lint counts as one failure). Exits non-zero on any failure.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const out = mkdtempSync(join(tmpdir(), 'oc-test-'));
let passed = 0;
let failed = 0;
const problems: string[] = [];

function run(label: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) problems.push(`${label} exited ${r.status ?? r.signal}`);
  return r.status === 0;
}

function vitestSuite(project: string): void {
  const file = join(out, `${project}.json`);
  run(`${project} tests`, 'npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
  if (!existsSync(file)) { failed += 1; problems.push(`${project}: no report`); return; }
  const r = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  console.log(`${project}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
}

/** A Playwright suite: `config` null for the Chromium one (playwright.config.ts). */
function playwrightSuite(label: string, config: string | null): void {
  const file = join(out, `${label}.json`);
  run(`${label} tests`, 'npx', ['playwright', 'test', ...(config ? ['-c', config] : []), '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  if (!existsSync(file)) { failed += 1; problems.push(`${label}: no report`); return; }
  const r = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
  passed += r.stats.expected + r.stats.flaky;
  failed += r.stats.unexpected;
  console.log(`${label}: ${r.stats.expected + r.stats.flaky} passed, ${r.stats.unexpected} failed`);
}

/** WXT builds Firefox as MV2 (its default); the store's linter must find no error nor warning in that build. */
const FIREFOX_DIR = join('.output', 'firefox-mv2');

function firefoxStep(): void {
  if (!run('firefox', 'npx', ['wxt', 'build', '-b', 'firefox'])) { failed += 1; return; }
  console.log(`\n=== firefox: web-ext lint --source-dir ${FIREFOX_DIR}`);
  const r = spawnSync('npx', ['web-ext', 'lint', '--source-dir', FIREFOX_DIR, '--output', 'json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  type Message = { code: string; message: string; file?: string };
  type LintReport = { summary: { errors: number; warnings: number; notices: number }; errors: Message[]; warnings: Message[] };
  let report: LintReport | null;
  try {
    report = JSON.parse(r.stdout) as LintReport;
  } catch {
    report = null;
  }
  if (!report) {
    console.log(r.stdout, r.stderr);
    problems.push(`firefox: web-ext lint gave no report (exit ${r.status ?? r.signal})`);
    failed += 1;
    return;
  }
  const { errors, warnings, notices } = report.summary;
  console.log(`firefox: web-ext lint: ${errors} errors, ${warnings} warnings, ${notices} notices`);
  for (const m of [...report.errors, ...report.warnings]) console.log(`  ${m.code} ${m.file ?? ''}: ${m.message}`);
  if (errors > 0 || warnings > 0 || r.status !== 0) {
    problems.push(`firefox: web-ext lint found ${errors} errors, ${warnings} warnings`);
    failed += 1;
  }
}

run('typecheck', 'npx', ['tsc', '--noEmit']);
run('lint', 'npx', ['eslint', '.']);
vitestSuite('unit');
vitestSuite('contract');
firefoxStep();
if (run('build', 'npx', ['wxt', 'build'])) playwrightSuite('e2e', null);
else failed += 1;
// The Firefox add-on in firefox-esr (test/e2e-firefox; its config builds it).
playwrightSuite('firefox e2e', 'playwright.firefox.config.ts');

if (problems.length) console.log(`\nproblems:\n- ${problems.join('\n- ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(problems.length || failed ? 1 : 0);
