import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { check, resolveConfig } from 'prettier';
import { afterAll, describe, expect, it } from 'vitest';
import { REGION_KEYS } from '../core/config/region';
import { pluralCategories, TRANSLATION_LANGUAGES } from '../core/i18n/locales';
import type { PluginDefinition } from '../core/plugin/types';
import { PluginCatalogue } from '../core/registry/catalogue';
import { HOST_PLACES } from '../host';
import { parseAllowList } from './i18n/allow';
import { parseGlossary } from './i18n/glossary';
import type { Bundle } from './i18n/rules';
import { checkFile, checkSource } from './i18n/wording';
import { EXAMPLE_CORE_DIR, EXAMPLES, nextSteps, runNewPlugin, type NewPluginIo } from './new-plugin';
import { pluginFiles, TEMPLATE_NAMES, TEMPLATES, whereItShows } from './new-plugin/templates';
import { discoverPlugins, PROJECT_ROOT } from './plugin-discovery';
import { runCli } from './validate/run';

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
function fixtureProject(): { root: string; io: NewPluginIo; regenerated: string[]; errors: string[]; lines: string[] } {
  const root = mkdtempSync(join(tmpdir(), 'new-plugin-'));
  cpSync(join(PROJECT_ROOT, 'region-configs'), join(root, 'region-configs'), { recursive: true, filter: (f) => !f.endsWith('.lock') });
  mkdirSync(join(root, 'plugins/taken'), { recursive: true });
  mkdirSync(join(root, 'locales/en'), { recursive: true });
  writeFileSync(join(root, 'locales/en/shell.json'), '{}\n');
  const regenerated: string[] = [];
  const errors: string[] = [];
  const lines: string[] = [];
  const io: NewPluginIo = { root, regenerate: (r) => (regenerated.push(r), true), out: (l) => lines.push(l), err: (l) => errors.push(l) };
  return { root, io, regenerated, errors, lines };
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

  it('writes every template into one project, each switched on in the regions asked for, and names those regions in its hint', async () => {
    const { root, io, lines } = fixtureProject();
    roots.push(root);
    for (const template of TEMPLATE_NAMES) {
      const id = `new-${template}`;
      lines.length = 0;
      expect(await runNewPlugin([id, '--template', template, '--regions', 'tr,eu'], io)).toBe(0);
      expect(tree(join(root, 'plugins', id))).toEqual(await pluginFiles(id, { template }));
      for (const key of ['tr', 'eu']) expect(readFileSync(join(root, 'region-configs', `${key}.json`), 'utf8')).toContain(`"${id}": {}`);
      expect(readFileSync(join(root, 'region-configs/main.json'), 'utf8')).not.toContain(`"${id}"`);
      const hint = lines.slice(lines.findIndex((l) => l.startsWith('next:'))).join('\n');
      expect(hint).toContain(`${id} is on in tr, eu (region-configs/tr.json, region-configs/eu.json)`);
      expect(hint).toContain(`npm run validate -- region-configs/tr.json region-configs/eu.json`);
      expect(hint).toContain(`npm run dev -- ${id} --site tr   then see it ${whereItShows(id, template)}; also --site eu`);
      expect(hint).not.toMatch(/--site main/);
    }
    expect(readdirSync(join(root, 'plugins')).sort()).toEqual(['taken', ...TEMPLATE_NAMES.map((t) => `new-${t}`)].sort());
  });

  it('hints at main when no region is asked for, and at the region folder for all', () => {
    const none = nextSteps('x', 'route', []).join('\n');
    expect(none).toContain('x is on in no region yet (npm run plugins -- x --regions <keys> switches it on');
    expect(none).toContain('npm run dev -- x --site main   then see it at /x');
    expect(none).not.toContain('npm run validate');
    const all = nextSteps('x', 'banner', [...REGION_KEYS]).join('\n');
    expect(all).toContain('npm run validate -- region-configs\n');
    expect(all).toContain(`--site main   then see it on the home page (/), below the hero; also --site <key> for ${REGION_KEYS.slice(1).join(', ')}`);
  });

  it('lists the templates, one line each, with --help', async () => {
    const { io, lines } = fixtureProject();
    roots.push(io.root);
    expect(await runNewPlugin(['--help'], io)).toBe(0);
    const help = lines.join('\n');
    for (const template of TEMPLATE_NAMES) expect(help).toMatch(new RegExp(`^ +${template} +${TEMPLATES[template].summary.replace(/[()]/g, '\\$&')}$`, 'm'));
    expect(help).toContain('(default footer-row)');
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
    await refused(['fresh', '--template', 'popup'], /unknown template 'popup' \(templates: footer-row, banner, top-bar, dialog, route/);
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

/** The repository's allow-list and glossary, as `npm run i18n:check` reads them. */
function i18nRules() {
  const read = (file: string) => JSON.parse(readFileSync(join(PROJECT_ROOT, file), 'utf8')) as Bundle;
  const languages = TRANSLATION_LANGUAGES.filter((l) => l !== 'en');
  return {
    languages,
    allow: parseAllowList(read('locales/allow-identical.json'), languages),
    glossary: parseGlossary(read('locales/glossary.json'), languages),
  };
}

describe('what each template writes', () => {
  it('has its strings in the 18 languages, as npm run i18n:check wants them', async () => {
    const { languages, allow, glossary } = i18nRules();
    for (const template of TEMPLATE_NAMES) {
      const files = await pluginFiles('fresh', { template });
      const bundle = (lng: string) => JSON.parse(files[`locales/${lng}.json`]) as Bundle;
      const problems = checkSource(`${template}/en`, bundle('en'));
      for (const lng of languages)
        problems.push(...checkFile(`${template}/${lng}`, 'fresh', lng, pluralCategories(lng), bundle('en'), bundle(lng), allow, glossary));
      expect(problems, `tools/new-plugin/locales/*.json, section '${template}'`).toEqual([]);
    }
  });

  it('passes npm run validate once switched on in every region, all templates at once, beside the installed plugins', async () => {
    const examples: PluginDefinition<any>[] = [];
    for (const { dir } of Object.values(EXAMPLES))
      examples.push(((await import(pathToFileURL(join(PROJECT_ROOT, dir, 'index.ts')).href)) as { default: PluginDefinition<any> }).default);
    const catalogue = new PluginCatalogue([...(await discoverPlugins()), ...examples], HOST_PLACES);
    const root = mkdtempSync(join(tmpdir(), 'new-plugin-validate-'));
    roots.push(root);
    cpSync(join(PROJECT_ROOT, 'region-configs'), root, { recursive: true, filter: (f) => !f.endsWith('.lock') });
    for (const key of REGION_KEYS) {
      const file = join(root, `${key}.json`);
      const config = JSON.parse(readFileSync(file, 'utf8')) as { plugins: Record<string, unknown> };
      for (const { id } of Object.values(EXAMPLES)) config.plugins[id] = {};
      writeFileSync(file, JSON.stringify(config, null, 2));
    }
    let out = '';
    const code = await runCli([root], { stdout: (t) => (out += t), stderr: (t) => (out += t) }, { catalogue: async () => catalogue });
    expect(out).toMatch(/^12 region configs and 1 flag file valid/);
    expect(code).toBe(0);
  });
});

describe('the plugin-author guide', () => {
  it("keeps its examples (tools/new-plugin/examples/<template>, compiled, linted and tested with the suite) equal to the scaffolder's output", async () => {
    expect(readdirSync(join(PROJECT_ROOT, 'tools/new-plugin/examples')).sort()).toEqual([...TEMPLATE_NAMES].sort());
    for (const template of TEMPLATE_NAMES) {
      const { id, dir } = EXAMPLES[template];
      expect(tree(join(PROJECT_ROOT, dir)), `${dir} (npm run new-plugin -- --write-example)`).toEqual(
        await pluginFiles(id, { template, coreDir: EXAMPLE_CORE_DIR }),
      );
    }
  });

  it("quotes the scaffolder's index.ts and test for plugin 'hello' as they are", async () => {
    const guide = readFileSync(join(PROJECT_ROOT, 'plugins/README.md'), 'utf8');
    const files = await pluginFiles(EXAMPLES['footer-row'].id);
    for (const file of ['index.ts', 'rules.ts', 'refs.ts']) expect(guide, `plugins/README.md quotes ${file}`).toContain(files[file]);
  });
});
