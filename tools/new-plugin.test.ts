import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { check, resolveConfig } from 'prettier';
import { afterAll, describe, expect, it } from 'vitest';
import { REGION_KEYS } from '../core/config/region';
import { EXAMPLE, runNewPlugin, type NewPluginIo } from './new-plugin';
import { pluginFiles } from './new-plugin/templates';
import { PROJECT_ROOT } from './plugin-discovery';

/** Every file under `dir`, by its path inside it. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else out[relative(dir, join(d, e.name))] = readFileSync(join(d, e.name), 'utf8');
    }
  };
  walk(dir);
  return out;
}

/** A project with the real region configs, an installed plugin 'taken' and the shell namespace 'shell'. */
function fixtureProject(): { root: string; io: NewPluginIo; regenerated: string[]; errors: string[] } {
  const root = mkdtempSync(join(tmpdir(), 'new-plugin-'));
  cpSync(join(PROJECT_ROOT, 'region-configs'), join(root, 'region-configs'), { recursive: true, filter: (f) => !f.endsWith('.lock') });
  mkdirSync(join(root, 'plugins/taken'), { recursive: true });
  mkdirSync(join(root, 'locales/en'), { recursive: true });
  writeFileSync(join(root, 'locales/en/shell.json'), '{}\n');
  const regenerated: string[] = [];
  const errors: string[] = [];
  const io: NewPluginIo = { root, regenerate: (r) => (regenerated.push(r), true), out: () => {}, err: (l) => errors.push(l) };
  return { root, io, regenerated, errors };
}

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

describe('npm run new-plugin', () => {
  it('writes the plugin folder, enables it in the named regions only, and regenerates the schemas', async () => {
    const { root, io, regenerated } = fixtureProject();
    roots.push(root);
    const before = Object.fromEntries(REGION_KEYS.map((k) => [k, readFileSync(join(root, 'region-configs', `${k}.json`), 'utf8')]));
    expect(await runNewPlugin(['price-alerts', '--regions', 'main,tr'], io)).toBe(0);
    expect(tree(join(root, 'plugins/price-alerts'))).toEqual(await pluginFiles('price-alerts'));
    for (const key of REGION_KEYS) {
      const after = readFileSync(join(root, 'region-configs', `${key}.json`), 'utf8');
      if (key !== 'main' && key !== 'tr') expect(after).toBe(before[key]);
      else {
        const plugins = (JSON.parse(after) as { plugins: Record<string, unknown> }).plugins;
        const old = Object.keys((JSON.parse(before[key]) as { plugins: Record<string, unknown> }).plugins);
        expect(Object.keys(plugins)).toEqual([...old, 'price-alerts']);
        expect(plugins['price-alerts']).toEqual({});
        expect(await check(after, { ...(await resolveConfig(join(PROJECT_ROOT, 'package.json'))), filepath: `${key}.json` })).toBe(true);
      }
    }
    expect(regenerated).toEqual([root]);
  });

  it('refuses a malformed id, a taken one and an unknown region, writing nothing', async () => {
    const { root, io, regenerated, errors } = fixtureProject();
    roots.push(root);
    const refused = async (argv: string[], why: RegExp) => {
      errors.length = 0;
      expect(await runNewPlugin(argv, io)).toBe(2);
      expect(errors.join('\n')).toMatch(why);
    };
    await refused([], /name one plugin id/);
    await refused(['a', 'b'], /name one plugin id/);
    await refused(['Price_Alerts'], /not a plugin id: kebab-case/);
    await refused(['taken'], /plugins\/taken exists/);
    await refused(['shell'], /translation namespace locales\/en\/shell\.json/);
    await refused(['chart'], /region-configs\/main\.json lists it/);
    await refused(['fresh', '--regions', 'main,mars'], /unknown region 'mars'/);
    await refused(['fresh', '--colour', 'red'], /Unknown option '--colour'/);
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 40 }), async (id) => {
        fc.pre(!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(id));
        errors.length = 0;
        expect(await runNewPlugin([id], io)).toBe(2);
      }),
      { numRuns: 50 },
    );
    expect(readdirSync(join(root, 'plugins'))).toEqual(['taken']);
    expect(existsSync(join(root, 'region-configs/.lock'))).toBe(false);
    expect(regenerated).toEqual([]);
  });
});

describe('the plugin-author guide', () => {
  it("keeps its example (tools/new-plugin/example, compiled and tested with the suite) equal to the scaffolder's output", async () => {
    expect(tree(join(PROJECT_ROOT, EXAMPLE.dir))).toEqual(await pluginFiles(EXAMPLE.id, { coreDir: EXAMPLE.coreDir }));
  });

  it("quotes the scaffolder's index.ts and test for plugin 'hello' as they are", async () => {
    const guide = readFileSync(join(PROJECT_ROOT, 'plugins/README.md'), 'utf8');
    const files = await pluginFiles(EXAMPLE.id);
    for (const file of ['index.ts', 'rules.ts', 'refs.ts']) expect(guide, `plugins/README.md quotes ${file}`).toContain(files[file]);
  });
});
