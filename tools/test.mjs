// `npm test`: the whole suite on a fresh clone, scheduled for a 2-core machine, then a summary and a duration report.
//
//   install ─┬─ unit tests, lint ───────────────────────────────────────────────┬─ browser tests
//            └─ configs, translations, build ─ server tests (2 files), typecheck ─┘
//   Chromium (apt, when missing) installs in the background from the start; the server and browser tests wait for it.
//
// The machine is CPU-bound from the install to the end: what runs beside the browser tests (even at `nice` 19) slows
// them by about its own CPU time, and a third Playwright worker slows the whole run. So each lane keeps about one core
// busy (Vitest's default on 2 cores is one worker; the server tests run two files at once, as their waits leave a
// core idle), and the browser tests, which use both cores through two Playwright workers, run alone at the end. Lines
// of steps that run side by side are prefixed with the step's name.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildIsStale, chromiumInstallCommand, dependenciesInstallCommand, markBuilt } from './ensure.mjs';
import { durationReport } from './test-durations.mjs';
import { failedTests, failureLines } from './test-failures.mjs';

const root = new URL('..', import.meta.url).pathname;
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const ci = Boolean(process.env.CI);
const started = Date.now();
const since = () => Date.now() - started;
const results = [];
const counts = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
const REPORTS = { unit: join(tmp, 'vitest.json'), server: join(tmp, 'server-tests.json'), browser: join(tmp, 'playwright.json') };
for (const file of Object.values(REPORTS)) rmSync(file, { force: true });

/** Runs a shell command; every line it prints goes out prefixed with `[label]`. Resolves true on exit code 0. */
function sh(label, cmd, env = {}) {
  console.log(`[${label}] $ ${cmd}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, { shell: true, cwd: root, env: { ...process.env, FORCE_COLOR: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        for (const line of lines) console.log(`[${label}] ${line}`);
      });
      stream.on('end', () => rest && console.log(`[${label}] ${rest}`));
    }
    child.on('error', (err) => {
      console.error(`[${label}] ${err.message}`);
      resolve(false);
    });
    child.on('close', (code) => resolve(code === 0));
  });
}

/** Runs one step (an async function returning false on failure), timing it for the summary and the report. */
async function step(name, fn) {
  const startMs = since();
  let ok = false;
  try {
    ok = (await fn()) !== false;
  } catch (err) {
    console.error(`[${name}] ${err.message}`);
  }
  results.push({ name, ok, startMs, endMs: since() });
  return ok;
}

function skipStep(name, why) {
  results.push({ name, ok: true, skipped: why, startMs: since(), endMs: since() });
}

/** Adds a Vitest JSON report's counts; false when the report is missing (the run did not finish). */
function countVitest(file) {
  if (!existsSync(file)) return false;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += r.numPassedTests ?? 0;
  counts.failed += r.numFailedTests ?? 0;
  counts.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  return true;
}

/** Adds a Playwright JSON report's counts; a flaky test (passed only on retry) fails the run under CI. */
function countPlaywright(file) {
  if (!existsSync(file)) return false;
  const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  counts.passed += s.expected ?? 0;
  counts.failed += s.unexpected ?? 0;
  counts.skipped += s.skipped ?? 0;
  counts.flaky += s.flaky ?? 0;
  if (ci && s.flaky) console.error(`\nbrowser tests: ${s.flaky} flaky (passed only on retry); under CI that fails the run.`);
  return !(ci && s.flaky);
}

const vitest = (label, config, report) =>
  sh(label, `npx vitest run ${config} --reporter=default --reporter=json --outputFile.json=${report}`).then((ok) => countVitest(report) && ok);

// Chromium installs in the background from the start (apt and npm only wait on the network and the disk).
const chromiumCmd = (() => {
  try {
    return { cmd: chromiumInstallCommand() };
  } catch (err) {
    return { error: err };
  }
})();
const chromium = chromiumCmd.error
  ? Promise.resolve(chromiumCmd.error.message)
  : chromiumCmd.cmd
    ? sh('chromium', chromiumCmd.cmd).then((ok) => (ok ? true : `'${chromiumCmd.cmd}' failed`))
    : Promise.resolve(true);
/** Waits for Chromium; throws with the reason when it could not be installed. */
const chromiumReady = async () => {
  const ready = await chromium;
  if (ready !== true) throw new Error(`Chromium is missing: ${ready}`);
};

const installed = await step('install', () => {
  const cmd = dependenciesInstallCommand();
  return cmd ? sh('install', cmd) : true;
});
if (!installed) {
  console.error('\nThe dependencies could not be installed; nothing else can run.');
  process.exit(1);
}

const unitLane = (async () => {
  await step('unit tests', () => vitest('unit', '', REPORTS.unit));
  await step('lint', () => sh('lint', 'npm run -s lint'));
})();

const checksLane = (async () => {
  await step('region configs', () => sh('region configs', 'npm run -s validate -- region-configs'));
  await step('translations', () => sh('translations', 'npm run -s i18n:check'));
  const built = await step('build', async () => {
    if (!buildIsStale()) return true;
    const ok = await sh('build', 'npm run -s build');
    if (ok) markBuilt();
    return ok;
  });
  // The proxy-boundary tests drive Chromium too.
  if (built) await step('server tests', async () => (await chromiumReady(), vitest('server', '--config tests/server/vitest.config.ts', REPORTS.server)));
  else skipStep('server tests', 'the build failed');
  await step('typecheck', () => sh('typecheck', 'npm run -s typecheck'));
  return built;
})();

const [, built] = await Promise.all([unitLane, checksLane]);

if (process.env.SKIP_E2E && ci) {
  await step('browser tests', () => {
    throw new Error('SKIP_E2E is refused when CI is set: CI runs every test.');
  });
} else if (process.env.SKIP_E2E) {
  skipStep('browser tests', 'SKIP_E2E is set');
} else if (built) {
  await step('browser tests', async () => {
    await chromiumReady();
    const ok = await sh('browser', 'npx playwright test', { PLAYWRIGHT_JSON_OUTPUT_NAME: REPORTS.browser });
    return countPlaywright(REPORTS.browser) && ok;
  });
} else {
  skipStep('browser tests', 'the build failed');
}

const totalMs = since();
const report = join(tmp, 'test-durations.md');
writeFileSync(report, durationReport({ steps: results, totalMs, reports: REPORTS }));

console.log('\n──────── npm test summary ────────');
for (const r of results) {
  const status = r.skipped ? 'SKIPPED' : r.ok ? 'PASS' : 'FAIL';
  const detail = r.skipped
    ? `(${r.skipped})`
    : `${((r.endMs - r.startMs) / 1000).toFixed(1)}s  (${(r.startMs / 1000).toFixed(0)}-${(r.endMs / 1000).toFixed(0)}s)`;
  console.log(`${status.padEnd(7)} ${r.name.padEnd(16)} ${detail}`);
}
const allOk = results.every((r) => r.ok);
const failures = failedTests(REPORTS);
if (failures.length) console.log(['', `Failed tests (${failures.length}):`, ...failureLines(failures)].join('\n'));
console.log(`\nDurations per file and test: .tmp/test-durations.md (total ${(totalMs / 1000).toFixed(0)} s)`);
console.log(`Summary: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped, ${counts.flaky} flaky${ci ? ' (CI: flaky fails)' : ''}`);
process.exit(allOk && counts.failed === 0 && !(ci && counts.flaky) ? 0 : 1);
