// The tests that failed (or passed only on retry) in one `npm test` run, read from the runners' JSON reports, so the
// summary at the end of a long log names them with the first lines of their error.
import { relative } from 'node:path';
import { playwrightTests, readJson } from './test-durations.mjs';

const root = new URL('..', import.meta.url).pathname;
const MESSAGE_LINES = 6;

// Colour codes (ESC [ … m) that a runner left in an error message.
const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const firstLines = (text) =>
  String(text ?? '')
    .replace(COLOURS, '')
    .split('\n')
    .filter(Boolean)
    .slice(0, MESSAGE_LINES)
    .join('\n');

/** Failed tests of a Vitest JSON report, and files that failed outside any test (an import error, a hook). */
function vitestFailures(report, runner) {
  const out = [];
  for (const f of report.testResults ?? []) {
    const file = relative(root, f.name);
    const failed = (f.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) out.push({ runner, name: `${file} › ${t.fullName ?? t.title}`, message: firstLines(t.failureMessages?.join('\n')) });
    if (!failed.length && f.status === 'failed') out.push({ runner, name: file, message: firstLines(f.message) });
  }
  return out;
}

/** Playwright tests whose outcome was unexpected or flaky, with the error of their first failing attempt. */
function playwrightFailures(report, runner) {
  const out = [];
  for (const { file, spec, test: t } of playwrightTests(report)) {
    if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
    const failedRun = (t.results ?? []).find((r) => r.status !== 'passed' && r.status !== 'skipped');
    const name = `${file} › ${spec.title}${t.status === 'flaky' ? ' (flaky: passed on retry)' : ''}`;
    out.push({ runner, name, message: firstLines(failedRun?.error?.message ?? failedRun?.status) });
  }
  return out;
}

/** `reports`: the JSON files of the unit, server and browser runs; a missing file adds nothing. */
export function failedTests(reports) {
  const unit = readJson(reports.unit);
  const server = readJson(reports.server);
  const browser = readJson(reports.browser);
  return [
    ...(unit ? vitestFailures(unit, 'unit') : []),
    ...(server ? vitestFailures(server, 'server') : []),
    ...(browser ? playwrightFailures(browser, 'browser') : []),
  ];
}

/** The failures as lines for the summary, each error indented under its test's name. */
export function failureLines(failures) {
  return failures.flatMap((f) => [`✗ [${f.runner}] ${f.name}`, ...f.message.split('\n').map((line) => `    ${line}`)]);
}
