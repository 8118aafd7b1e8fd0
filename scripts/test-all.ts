/**
 * The README's test command: static checks, every suite (unit, contract, e2e in Chromium, e2e in
 * Firefox), the Firefox build checked by web-ext lint, then each stage's time and one closing line
 * `N passed, M failed` summing them all (CI reads that line; a failed build or lint counts as one
 * failure). Exits non-zero on any failure.
 *
 * Stages run side by side in lanes, as far as they share nothing (two cores):
 * - checks: typecheck, then eslint, then the unit tests;
 * - contract: the contract tests (they mostly wait on the emulator's answers);
 * - builds: each extension built once, into the e2e suites' folders; the Chromium one's store zip
 *   checked against its ceiling (scripts/store-zip.ts) and its e2e suite
 *   (E2E_PREBUILT, two workers) started at once, the longest stage; the Firefox one
 *   checked by web-ext lint, its e2e suite run once the checks lane is done.
 * A stage's output is printed whole when it ends, so that lanes do not interleave their lines.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { STORE_ZIP_CEILING, storeZipBytes } from './store-zip';

const out = mkdtempSync(join(tmpdir(), 'oc-test-'));
const started = Date.now();
let passed = 0;
let failed = 0;
const problems: string[] = [];
/** Each test that failed, or passed only on its retry, named with its first error line: the log's tail is what CI shows. */
const failedTests: string[] = [];
const flakyTests: string[] = [];
const firstLine = (message: string | undefined) => (message ?? '').split('\n').find((l) => l.trim())?.trim().slice(0, 200) ?? '';
const stageTimes: { label: string; seconds: number; ok: boolean }[] = [];

interface Ran {
  ok: boolean;
  status: number | null;
  stdout: string;
}

/** Runs a command, its output kept and printed as one block when it ends; its time is recorded. */
function run(label: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}, opts: { quietStdout?: boolean } = {}): Promise<Ran> {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { ...process.env, FORCE_COLOR: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let all = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (!opts.quietStdout) all += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => (all += d.toString()));
    child.on('close', (status, signal) => {
      const seconds = (Date.now() - t0) / 1000;
      const ok = status === 0;
      stageTimes.push({ label, seconds, ok });
      console.log(`\n=== ${label}: ${cmd} ${args.join(' ')} (${seconds.toFixed(0)} s${ok ? '' : `, exit ${status ?? signal}`})\n${all.trimEnd()}`);
      if (!ok) problems.push(`${label} exited ${status ?? signal}`);
      resolve({ ok, status, stdout });
    });
  });
}

async function vitestSuite(project: string): Promise<void> {
  const file = join(out, `${project}.json`);
  await run(`${project} tests`, 'npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
  if (!existsSync(file)) { failed += 1; problems.push(`${project}: no report`); return; }
  type Assertion = { fullName: string; status: string; failureMessages: string[] };
  const r = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number; testResults: { name: string; assertionResults: Assertion[] }[] };
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  let flaky = 0;
  for (const f of r.testResults) {
    for (const t of f.assertionResults) {
      const name = `${project}: ${relative(process.cwd(), f.name)} › ${t.fullName}: ${firstLine(t.failureMessages[0])}`;
      if (t.status === 'failed') failedTests.push(name);
      // A test that passed with a failure on record passed on its retry (vitest keeps the earlier attempts' errors).
      else if (t.status === 'passed' && t.failureMessages.length > 0) {
        flaky += 1;
        flakyTests.push(name);
      }
    }
  }
  console.log(`${project}: ${r.numPassedTests} passed, ${r.numFailedTests} failed${flaky ? ` (${flaky} flaky: passed on their retry)` : ''}`);
}

/** A Playwright suite on the builds made here: `config` null for the Chromium one (playwright.config.ts). */
async function playwrightSuite(label: string, config: string | null): Promise<void> {
  const file = join(out, `${label.replace(/\W/g, '-')}.json`);
  await run(`${label} tests`, 'npx', ['playwright', 'test', ...(config ? ['-c', config] : []), '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file, E2E_PREBUILT: '1' });
  if (!existsSync(file)) { failed += 1; problems.push(`${label}: no report`); return; }
  type Suite = { suites?: Suite[]; specs?: { title: string; file: string; line: number; tests: { status: string; results: { error?: { message?: string } }[] }[] }[] };
  const r = JSON.parse(readFileSync(file, 'utf8')) as Suite & { stats: { expected: number; unexpected: number; flaky: number } };
  const walk = (suite: Suite): void => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        const name = `${label}: ${spec.file}:${spec.line} › ${spec.title}: ${firstLine(t.results.find((x) => x.error)?.error?.message)}`;
        if (t.status === 'unexpected') failedTests.push(name);
        else if (t.status === 'flaky') flakyTests.push(name);
      }
    }
    for (const s of suite.suites ?? []) walk(s);
  };
  walk(r);
  passed += r.stats.expected + r.stats.flaky;
  failed += r.stats.unexpected;
  console.log(`${label}: ${r.stats.expected + r.stats.flaky} passed, ${r.stats.unexpected} failed${r.stats.flaky ? ` (${r.stats.flaky} flaky: passed on their retry)` : ''}`);
}

/** The e2e suite's Chromium build: the store's build, in a folder of its own (test/e2e/build-extension.ts). */
const CHROME_DIR = join('.output', 'e2e-chrome-mv3');
/** WXT builds Firefox as MV2 (its default); the e2e suite's build is the one linted (built once). */
const FIREFOX_DIR = join('.output', 'e2e-firefox-mv2');

/** The store's linter must find no error nor warning in the Firefox build. */
async function firefoxLint(): Promise<void> {
  const r = await run('web-ext lint', 'npx', ['web-ext', 'lint', '--source-dir', FIREFOX_DIR, '--output', 'json'], {}, { quietStdout: true });
  type Message = { code: string; message: string; file?: string };
  type LintReport = { summary: { errors: number; warnings: number; notices: number }; errors: Message[]; warnings: Message[] };
  let report: LintReport | null;
  try {
    report = JSON.parse(r.stdout) as LintReport;
  } catch {
    report = null;
  }
  if (!report) {
    console.log(r.stdout);
    problems.push(`firefox: web-ext lint gave no report (exit ${r.status})`);
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

/** The Chromium build, zipped as the store gets it, within its ceiling (scripts/store-zip.ts). */
function storeZipCheck(): void {
  const bytes = storeZipBytes(CHROME_DIR);
  const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;
  const ok = bytes <= STORE_ZIP_CEILING;
  console.log(`\n=== store zip: ${kB(bytes)} (ceiling ${kB(STORE_ZIP_CEILING)})`);
  if (ok) passed += 1;
  else {
    failed += 1;
    problems.push(`store zip ${kB(bytes)} is over its ceiling of ${kB(STORE_ZIP_CEILING)}`);
  }
}

async function checksLane(): Promise<void> {
  await run('typecheck', 'npx', ['tsc', '--noEmit']);
  await run('lint', 'npx', ['eslint', '.']);
  await vitestSuite('unit');
}

/**
 * The builds, one after the other (two `wxt build` at once would share the checkout's `.wxt` folder):
 * Chromium's e2e suite starts at once (the longest stage); Firefox's is linted and its
 * e2e suite waits until the static checks and unit tests have left the cores.
 */
async function buildLanes(checksDone: Promise<void>): Promise<void> {
  const chrome = await run('build (chromium)', 'npx', ['tsx', 'test/e2e/build-extension.ts']);
  let e2e: Promise<void> = Promise.resolve();
  if (chrome.ok) {
    e2e = playwrightSuite('e2e', null);
    storeZipCheck();
  } else failed += 1;
  const firefox = await run('build (firefox)', 'npx', ['tsx', 'test/e2e/build-extension.ts', 'firefox']);
  if (firefox.ok) {
    await firefoxLint();
    await checksDone;
    await playwrightSuite('firefox e2e', 'playwright.firefox.config.ts');
  } else failed += 1;
  await e2e;
}

const checks = checksLane();
await Promise.all([checks, vitestSuite('contract'), buildLanes(checks)]);

console.log(`\nstage times (wall ${((Date.now() - started) / 60_000).toFixed(1)} min, load ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}):`);
for (const s of stageTimes) console.log(`  ${s.label.padEnd(20)} ${s.seconds.toFixed(0).padStart(5)} s${s.ok ? '' : '  FAILED'}`);
if (flakyTests.length) console.log(`\nflaky (failed once, passed on their retry):\n- ${flakyTests.join('\n- ')}`);
if (failedTests.length) console.log(`\nfailed:\n- ${failedTests.join('\n- ')}`);
if (problems.length) console.log(`\nproblems:\n- ${problems.join('\n- ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(problems.length || failed ? 1 : 0);
