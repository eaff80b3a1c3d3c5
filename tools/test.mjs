// `npm test`: typecheck, lint, unit tests, region-config validation, translation check, build, browser tests; a summary.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuild, ensureChromium, ensureDependencies } from './ensure.mjs';

const root = new URL('..', import.meta.url).pathname;
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const results = [];
const ci = Boolean(process.env.CI);
const counts = { passed: 0, failed: 0, skipped: 0, flaky: 0 };

function skipStep(name, why) {
  results.push({ name, ok: true, skipped: why, seconds: '0.0' });
}

function step(name, fn) {
  const started = Date.now();
  let ok = false;
  try {
    ok = fn() !== false;
  } catch (err) {
    console.error(`\n${name}: ${err.message}`);
  }
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  return ok;
}

const sh = (cmd, env = {}) => {
  console.log(`\n$ ${cmd}`);
  return spawnSync(cmd, { shell: true, stdio: 'inherit', cwd: root, env: { ...process.env, ...env } }).status === 0;
};

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

step('install', () => (ensureDependencies(), true));
step('typecheck', () => sh('npx tsc --noEmit -p tsconfig.json'));
step('lint', () => sh('npm run -s lint'));
rmSync(join(tmp, 'vitest.json'), { force: true });
step('unit tests', () => {
  const ok = sh(`npx vitest run --reporter=default --reporter=json --outputFile.json=${join(tmp, 'vitest.json')}`);
  return countVitest(join(tmp, 'vitest.json')) && ok;
});
step('region configs', () => sh('npm run -s validate -- region-configs'));
step('translations', () => sh('npm run -s i18n:check'));
const built = step('build', () => (ensureBuild(), true));
rmSync(join(tmp, 'server-tests.json'), { force: true });
if (built) {
  step('server tests', () => {
    const ok = sh(
      `npx vitest run --config tests/server/vitest.config.ts --reporter=default --reporter=json --outputFile.json=${join(tmp, 'server-tests.json')}`,
    );
    return countVitest(join(tmp, 'server-tests.json')) && ok;
  });
} else {
  skipStep('server tests', 'the build failed');
}
rmSync(join(tmp, 'playwright.json'), { force: true });
if (process.env.SKIP_E2E && ci) {
  step('browser tests', () => {
    throw new Error('SKIP_E2E is refused when CI is set: CI runs every test.');
  });
} else if (process.env.SKIP_E2E) {
  skipStep('browser tests', 'SKIP_E2E is set');
} else if (built) {
  step('browser tests', () => {
    const chromium = ensureChromium();
    const ok = sh('npx playwright test', { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: join(tmp, 'playwright.json') });
    return countPlaywright(join(tmp, 'playwright.json')) && ok;
  });
} else {
  skipStep('browser tests', 'the build failed');
}

console.log('\n──────── npm test summary ────────');
for (const r of results)
  console.log(`${r.skipped ? 'SKIPPED' : r.ok ? 'PASS' : 'FAIL'}  ${r.name.padEnd(16)} ${r.skipped ? `(${r.skipped})` : `${r.seconds}s`}`);
const allOk = results.every((r) => r.ok);
console.log(`\nSummary: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped, ${counts.flaky} flaky${ci ? ' (CI: flaky fails)' : ''}`);
process.exit(allOk && counts.failed === 0 && !(ci && counts.flaky) ? 0 : 1);
