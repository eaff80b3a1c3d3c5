// `npm test`: typecheck, unit tests, region-config validation, translation check, build, browser tests; a summary.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuild, ensureChromium, ensureDependencies } from './ensure.mjs';

const root = new URL('..', import.meta.url).pathname;
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const results = [];
let passed = 0;
let failed = 0;

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

function countVitest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += (r.numFailedTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
}

step('install', () => (ensureDependencies(), true));
step('typecheck', () => sh('npx tsc --noEmit -p tsconfig.json'));
rmSync(join(tmp, 'vitest.json'), { force: true });
step('unit tests', () => {
  const ok = sh(`npx vitest run --reporter=default --reporter=json --outputFile.json=${join(tmp, 'vitest.json')}`);
  countVitest(join(tmp, 'vitest.json'));
  return ok;
});
step('region configs', () => sh('npm run -s validate -- region-configs'));
step('translations', () => sh('npm run -s i18n:check'));
const built = step('build', () => (ensureBuild(), true));
rmSync(join(tmp, 'server-tests.json'), { force: true });
if (built) {
  step('server tests', () => {
    const ok = sh(`npx vitest run --config tests/server/vitest.config.ts --reporter=default --reporter=json --outputFile.json=${join(tmp, 'server-tests.json')}`);
    countVitest(join(tmp, 'server-tests.json'));
    return ok;
  });
}
rmSync(join(tmp, 'playwright.json'), { force: true });
if (built && !process.env.SKIP_E2E) {
  step('browser tests', () => {
    const chromium = ensureChromium();
    const ok = sh('npx playwright test', { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: join(tmp, 'playwright.json') });
    countPlaywright(join(tmp, 'playwright.json'));
    return ok;
  });
}

console.log('\n──────── npm test summary ────────');
for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name.padEnd(16)} ${r.seconds}s`);
const allOk = results.every((r) => r.ok);
console.log(`\nSummary: ${passed} passed, ${failed} failed`);
process.exit(allOk && failed === 0 ? 0 : 1);
