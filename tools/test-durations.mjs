// The duration report of one `npm test` run: each step (when it started and ended, so overlaps show), then per
// runner the files and the tests that took longest. `npm test` writes it to .tmp/test-durations.md;
// `npm run test:durations` copies the last one to docs/test-durations.md.
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const SLOWEST = 15;

const seconds = (ms) => (ms / 1000).toFixed(1);
/** A runner's JSON report, or null when it was not written. */
export const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

/** Files and tests of a Vitest JSON report, with their durations in ms. */
function vitestRows(report) {
  const files = [];
  const tests = [];
  for (const f of report.testResults ?? []) {
    const file = relative(root, f.name);
    files.push({ name: file, ms: (f.endTime ?? 0) - (f.startTime ?? 0), count: f.assertionResults?.length ?? 0 });
    for (const t of f.assertionResults ?? []) tests.push({ name: `${file} › ${t.fullName ?? t.title}`, ms: t.duration ?? 0 });
  }
  return { files, tests, wallMs: null };
}

/** Each test of a Playwright JSON report, with its file (`e2e/…`) and its spec. */
export function* playwrightTests(report) {
  function* walk(suite, file) {
    for (const spec of suite.specs ?? []) for (const test of spec.tests ?? []) yield { file, spec, test };
    for (const child of suite.suites ?? []) yield* walk(child, file);
  }
  for (const s of report.suites ?? []) yield* walk(s, `e2e/${s.file ?? s.title}`);
}

/** Files and tests of a Playwright JSON report (retries summed), with their durations in ms. */
function playwrightRows(report) {
  const byFile = new Map();
  const tests = [];
  for (const { file, spec, test: t } of playwrightTests(report)) {
    const ms = (t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
    tests.push({ name: `${file} › ${spec.title}${t.projectName ? ` [${t.projectName}]` : ''}`, ms });
    const row = byFile.get(file) ?? { name: file, ms: 0, count: 0 };
    row.ms += ms;
    row.count += 1;
    byFile.set(file, row);
  }
  return { files: [...byFile.values()], tests, wallMs: report.stats?.duration ?? null };
}

function table(header, rows) {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

function runnerSection(title, rows, allFiles) {
  if (!rows) return `## ${title}\n\nNo report (the step did not run or did not finish).\n`;
  const total = rows.tests.reduce((sum, t) => sum + t.ms, 0);
  const files = [...rows.files].sort((a, b) => b.ms - a.ms);
  const tests = [...rows.tests].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST);
  const shownFiles = allFiles ? files : files.slice(0, SLOWEST);
  return [
    `## ${title}`,
    '',
    `${rows.files.length} files, ${rows.tests.length} tests; the tests' own time summed: ${seconds(total)} s` +
      (rows.wallMs ? `; the run, start to end: ${seconds(rows.wallMs)} s` : '') +
      '.',
    '',
    allFiles ? 'Every file, slowest first (seconds summed over its tests):' : `The ${SLOWEST} slowest files (seconds, start to end):`,
    '',
    table(
      ['seconds', 'tests', 'file'],
      shownFiles.map((f) => [seconds(f.ms), f.count, `\`${f.name}\``]),
    ),
    '',
    `The ${SLOWEST} slowest tests:`,
    '',
    table(
      ['seconds', 'test'],
      tests.map((t) => [seconds(t.ms), t.name.replaceAll('|', '\\|')]),
    ),
    '',
  ].join('\n');
}

/**
 * The report as Markdown. `steps`: `{ name, ok, skipped?, startMs, endMs }` relative to the run's start; `reports`: the
 * JSON files of the unit, server and browser runs.
 */
export function durationReport({ steps, totalMs, reports }) {
  const unit = readJson(reports.unit);
  const server = readJson(reports.server);
  const browser = readJson(reports.browser);
  const stepRows = steps.map((s) => [
    s.name,
    s.skipped ? 'skipped' : s.ok ? 'pass' : 'FAIL',
    s.skipped ? '' : seconds(s.endMs - s.startMs),
    s.skipped ? '' : `${seconds(s.startMs)} → ${seconds(s.endMs)}`,
  ]);
  return [
    '# Test durations',
    '',
    `One \`npm test\` run${process.env.CI ? ' under `CI`' : ''} on ${cpus().length} cores, ${new Date().toISOString().slice(0, 10)}: ` +
      `${seconds(totalMs)} s from start to summary. Steps on one line of the table ran side by side where their times overlap ` +
      '(tools/test.mjs says which run together). Regenerate: `npm test`, then `npm run test:durations`.',
    '',
    table(['step', 'result', 'seconds', 'from → to (s)'], stepRows),
    '',
    runnerSection('Unit tests (Vitest)', unit && vitestRows(unit), false),
    runnerSection('Server tests (Vitest, tests/server)', server && vitestRows(server), true),
    runnerSection('Browser tests (Playwright)', browser && playwrightRows(browser), true),
  ].join('\n');
}

// `npm run test:durations`: the last run's report into docs/.
if (import.meta.url === `file://${process.argv[1]}`) {
  const from = join(root, '.tmp/test-durations.md');
  if (!existsSync(from)) {
    console.error('No report yet: run `npm test` first (it writes .tmp/test-durations.md).');
    process.exit(2);
  }
  copyFileSync(from, join(root, 'docs/test-durations.md'));
  console.log('docs/test-durations.md written from .tmp/test-durations.md');
}
