import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { fixture, fixtureCatalogue, FIXTURE_LOCALES, positionOf, ROOT } from './fixture-helpers';
import { definePlugin } from '../../core/plugin/define';
import { PluginCatalogue } from '../../core/registry/catalogue';
import { runCli } from './run';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI as a child process, through the package bin or the npm-script command line. */
function cli(args: string[], via: 'bin' | 'script' = 'bin'): Promise<Run> {
  const argv =
    via === 'bin' ? ['tools/bin/validate.mjs', ...args] : ['--import', 'tsx', '--import', './tools/tsx-assets-hook.mjs', 'tools/validate/cli.ts', ...args];
  return new Promise((resolve) => {
    execFile(process.execPath, argv, { cwd: ROOT, env: { ...process.env, VITEST: '', NODE_OPTIONS: '' } }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** Runs the CLI in-process with the fixture plugins. */
async function inProcess(args: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) }, { catalogue: async () => fixtureCatalogue() });
  return { code, stdout, stderr };
}

const at = (name: string, needle: string) => {
  const { line, col } = positionOf(name, needle);
  return `${fixture(name)}:${line}:${col}`;
};

describe('validate CLI (child process)', { timeout: 60_000 }, () => {
  it('exits 0 on the shipped region configs', async () => {
    const run = await cli(['region-configs']);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^12 region configs and 1 flag file valid \(plugins installed: .*not-found.*\)\n$/);
    expect(run.code).toBe(0);
  });

  it('exits 1 and prints file:line:col  pointer  message (npm-script command line)', async () => {
    const run = await cli(['--locales', FIXTURE_LOCALES, fixture('wrong-type')], 'script');
    expect(run.stdout).toBe(
      `${at('wrong-type/main.json', '1.5')}  /id  must be an integer, not the fraction 1.5\n` +
        `${at('wrong-type/main.json', '"yes"')}  /hiddenThemeSwitch  must be a boolean, not string "yes"\n`,
    );
    expect(run.stderr).toBe('2 problems in 1 of 1 file\n');
    expect(run.code).toBe(1);
  });

  it('prints a parseable JSON array with --json', async () => {
    const run = await cli(['--json', '--locales', FIXTURE_LOCALES, fixture('broken-json/main.json')]);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual([
      {
        file: fixture('broken-json/main.json'),
        ...positionOf('broken-json/main.json', '"webSiteDomain"'),
        pointer: '/webSiteDomain',
        message: "invalid JSON: expected ',' between values",
        code: 'syntax',
      },
    ]);
    const valid = await cli(['--json', `--locales=${FIXTURE_LOCALES}`, fixture('valid')]);
    expect([valid.code, JSON.parse(valid.stdout)]).toEqual([0, []]);
  });

  it('exits 2 for a missing file, an unknown option, no arguments', async () => {
    const missing = await cli([fixture('valid/main.json'), 'region-configs/nowhere.json']);
    expect(missing.stdout).toBe('region-configs/nowhere.json:1:1  (root)  file not found\n');
    expect(missing.code).toBe(2);
    const option = await cli(['--strict', 'region-configs']);
    expect([option.code, option.stderr]).toEqual([2, expect.stringMatching(/^error: unknown option '--strict'\n\nUsage:/)]);
    const none = await cli([]);
    expect([none.code, none.stdout, none.stderr]).toEqual([2, '', expect.stringContaining('give region config files or folders')]);
  });

  it('prints the usage with --help and exits 0', async () => {
    const run = await cli(['--help']);
    expect([run.code, run.stdout]).toEqual([0, expect.stringMatching(/^Usage: npm run validate -- \[options\] <file or folder>/)]);
  });
});

describe('validate CLI (in process, fixture plugins)', () => {
  it('reports plugin problems, duplicates across files and locale folders in one run', async () => {
    const files = [
      'unknown-plugin/main.json',
      'bad-option/main.json',
      'missing-dependency/main.json',
      'duplicates/a/main.json',
      'duplicates/b/tr.json',
      'no-locale/main.json',
    ];
    const run = await inProcess(['--json', '--locales', FIXTURE_LOCALES, ...files.map(fixture)]);
    expect(run.code).toBe(1);
    const problems = JSON.parse(run.stdout) as Array<{ file: string; pointer: string; code: string }>;
    const summary = problems
      .filter((p) => p.code !== 'duplicate-key' && p.code !== 'duplicate-id')
      .map((p) => `${p.file.split('fixtures/')[1]} ${p.pointer} ${p.code}`);
    expect(summary).toEqual([
      'bad-option/main.json /plugins/alpha/options/limit plugin-options',
      'bad-option/main.json /plugins/alpha/options/colour plugin-options',
      'missing-dependency/main.json /plugins/beta dependency',
      'no-locale/main.json /languages/2 locale',
      'unknown-plugin/main.json /plugins/alpah unknown-plugin',
    ]);
    // All of these are 'main' with id 0, except tr.json (id 0 too): each later file is reported against the first.
    expect(problems.filter((p) => p.code === 'duplicate-id')).toHaveLength(5);
  });

  it('checks a file named twice only once', async () => {
    const run = await inProcess(['--locales', FIXTURE_LOCALES, fixture('valid'), `./${fixture('valid/main.json')}`]);
    expect([run.code, run.stdout]).toEqual([0, '1 region config valid (plugins installed: alpha, beta, delta, gamma, lonely)\n']);
  });

  it('exits 2 when a folder holds no .json file', async () => {
    const run = await inProcess([FIXTURE_LOCALES]);
    expect([run.code, run.stderr]).toEqual([2, `error: no .json files in ${FIXTURE_LOCALES}\n`]);
  });
});

describe('validate CLI: contributions checked for each region', () => {
  it('exits 1 naming the region file, both plugin ids and the path when two plugins claim one route', async () => {
    const Page = () => null;
    const clash = new PluginCatalogue([
      definePlugin({ id: 'markets', routes: () => [{ path: '/markets', component: Page }] }),
      definePlugin({ id: 'prices', routes: () => [{ path: '/markets', component: Page }] }),
    ]);
    let stdout = '';
    let stderr = '';
    const code = await runCli(
      ['--locales', FIXTURE_LOCALES, fixture('contribution')],
      { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) },
      { catalogue: async () => clash },
    );
    expect(stdout).toBe(
      `${at('contribution/main.json', '"prices"')}  /plugins/prices  Plugin 'prices': route '/markets' is already contributed by plugin 'markets'\n`,
    );
    expect(stderr).toBe('1 problem in 1 of 1 file\n');
    expect(code).toBe(1);
  });
});
