import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture, fixtureCatalogue, FIXTURE_LOCALES, positionOf } from '../../tools/validate/fixture-helpers';
import { formatProblem, loadRegionConfigs, RegionConfigError, validateRegionFiles } from './validate';
import { definePlugin } from '../plugin/define';
import { PluginCatalogue } from '../registry/catalogue';
import authSchema from '../../plugins/auth/schema.json';
import chartSchema from '../../plugins/chart/schema.json';
import { checkClientIds } from '../../plugins/auth/options-check';

const catalogue = fixtureCatalogue();
const check = (...names: string[]) => validateRegionFiles(names.map(fixture), catalogue, { localesDir: FIXTURE_LOCALES });
const only = (name: string) => check(name).map(({ file: _file, ...rest }) => rest);
const CHATROOM_MOVED = "'chatroom' is now the chat plugin's presence: list plugins.chat in the regions that show the chat room, leave it out elsewhere";
const HIDDEN_APP_DOWNLOAD_MOVED =
  "'hiddenAppDownload' is now the app-bar plugin's presence, inverted: list plugins.app-bar in the regions that show the app-download bar, leave it out where it is hidden";

describe('validateRegionFiles', () => {
  it('accepts a valid config', () => {
    expect(check('valid/main.json')).toEqual([]);
  });

  it('reports a wrong type at the value', () => {
    expect(only('wrong-type/main.json')).toEqual([
      { ...positionOf('wrong-type/main.json', '1.5'), pointer: '/id', message: 'must be an integer, not the fraction 1.5', code: 'schema' },
      { ...positionOf('wrong-type/main.json', '"yes"'), pointer: '/hiddenThemeSwitch', message: 'must be a boolean, not string "yes"', code: 'schema' },
    ]);
  });

  it('refuses a site field that moved into a plugin, at its key, naming its new place', () => {
    const problems = check('moved-field/main.json');
    const moved = (field: string, message: string) => ({
      ...positionOf('moved-field/main.json', `"${field}"`),
      pointer: `/${field}`,
      message,
      code: 'moved-field',
    });
    expect(problems.map(({ file: _file, ...rest }) => rest)).toEqual([
      moved('collectId', "'collectId' moved to plugins.analytics.options.collectId"),
      moved('gtagId', "'gtagId' moved to plugins.analytics.options.gtagId"),
      moved('fbId', "'fbId' moved to plugins.analytics.options.fbId"),
      moved('authorizedLogin', "'authorizedLogin' moved to plugins.auth.options.authorizedLogin"),
      moved('thirdPartyClientIds', "'thirdPartyClientIds' moved to plugins.auth.options.thirdPartyClientIds"),
      moved('hiddenAppDownload', HIDDEN_APP_DOWNLOAD_MOVED),
      moved('hiddenNotification', "'hiddenNotification' moved to plugins.notifications.options.hiddenNotification"),
      moved('chatroom', CHATROOM_MOVED),
      moved('bigData', "'bigData' moved to plugins.analytics.options.bigData"),
    ]);
    expect(formatProblem(problems[7])).toBe(`tools/validate/fixtures/moved-field/main.json:27:3  /chatroom  ${CHATROOM_MOVED}`);
  });

  it("refuses a plugin option the plugin's presence or the region's own switch replaced, at its key, naming the switch", () => {
    const presence = new PluginCatalogue([
      ...['app-bar', 'chat'].map((id) => definePlugin({ id, options: { properties: { storePath: { type: 'string' } } }, setup: () => {} })),
      definePlugin({
        id: 'marketing',
        options: { properties: { vipPopup: { type: 'object', additionalProperties: false, properties: { enabled: { type: 'boolean' } } } } },
        setup: () => {},
      }),
    ]);
    const problems = validateRegionFiles([fixture('removed-option/main.json')], presence, { localesDir: FIXTURE_LOCALES });
    const removed = (id: string, option: string, message: string) => ({
      ...positionOf('removed-option/main.json', `"${option}"`),
      pointer: `/plugins/${id}/options/${option}`,
      message,
      code: 'moved-field',
    });
    expect(problems.map(({ file: _file, ...rest }) => rest)).toEqual([
      removed('app-bar', 'hiddenAppDownload', HIDDEN_APP_DOWNLOAD_MOVED),
      removed('chat', 'chatroom', CHATROOM_MOVED),
      {
        ...positionOf('removed-option/main.json', '"regions"'),
        pointer: '/plugins/marketing/options/vipPopup/regions',
        message: "'vipPopup.regions' is gone: each region's own file switches it with plugins.marketing.options.vipPopup.enabled",
        code: 'moved-field',
      },
    ]);
  });

  it('refuses a flags provider named by a path or a package: only a registered name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flags-provider-'));
    const valid = JSON.parse(readFileSync(fixture('valid/main.json'), 'utf8')) as Record<string, unknown>;
    const problemsWith = (flags: unknown) => {
      writeFileSync(join(dir, 'main.json'), JSON.stringify({ ...valid, flags }, null, 2));
      return validateRegionFiles([join(dir, 'main.json')], catalogue, { localesDir: FIXTURE_LOCALES }).map((p) => [p.pointer, p.message]);
    };
    try {
      expect(problemsWith({ module: '../../../tmp/x.mjs', export: 'default', keys: ['plugin.chat.enabled'] })).toEqual([
        ['/flags', "missing required field 'provider'"],
        ['/flags/module', "configuration never names code: name a provider the build registers in 'provider' instead of 'module'"],
        ['/flags/export', "configuration never names code: name a provider the build registers in 'provider' instead of 'export'"],
      ]);
      expect(problemsWith({ provider: '../../../tmp/x.mjs', keys: [] })).toEqual([['/flags/provider', 'must be one of "in-memory"; got "../../../tmp/x.mjs"']]);
      expect(problemsWith({ provider: 'in-memory', options: { flags: {} }, keys: ['plugin.chat.enabled'] })).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports unknown fields at their key, with a did-you-mean hint', () => {
    expect(only('unknown-field/main.json')).toEqual([
      { ...positionOf('unknown-field/main.json', '"dark"'), pointer: '/logo/dark', message: "unknown field 'dark'", code: 'schema' },
      {
        ...positionOf('unknown-field/main.json', '"hiddenReferal"'),
        pointer: '/hiddenReferal',
        message: "unknown field 'hiddenReferal' (did you mean 'hiddenReferral'?)",
        code: 'schema',
      },
    ]);
  });

  it('reports broken JSON at its own line:col', () => {
    const [p, ...rest] = check('broken-json/main.json');
    expect(rest).toEqual([]);
    expect(p).toMatchObject({
      ...positionOf('broken-json/main.json', '"webSiteDomain"'),
      code: 'syntax',
      message: "invalid JSON: expected ',' between values",
    });
    expect(formatProblem(p)).toMatch(/^tools\/validate\/fixtures\/broken-json\/main\.json:6:3 {2}\S+ {2}invalid JSON/);
  });

  it('reports an unknown plugin id at its key', () => {
    expect(only('unknown-plugin/main.json')).toEqual([
      {
        ...positionOf('unknown-plugin/main.json', '"alpah"'),
        pointer: '/plugins/alpah',
        message: "unknown plugin id 'alpah' (did you mean 'alpha'?); installed plugins: alpha, beta, delta, gamma, lonely",
        code: 'unknown-plugin',
      },
    ]);
  });

  it("checks a plugin's options against its schema", () => {
    expect(only('bad-option/main.json')).toEqual([
      {
        ...positionOf('bad-option/main.json', '"ten"'),
        pointer: '/plugins/alpha/options/limit',
        message: `plugin 'alpha': must be integer; got "ten"`,
        code: 'plugin-options',
      },
      {
        ...positionOf('bad-option/main.json', '"colour"'),
        pointer: '/plugins/alpha/options/colour',
        message: "plugin 'alpha': unknown field 'colour'",
        code: 'plugin-options',
      },
    ]);
  });

  it('reports a missing and a disabled dependency at the plugin that needs it', () => {
    expect(only('missing-dependency/main.json')).toEqual([
      {
        ...positionOf('missing-dependency/main.json', '"beta"'),
        pointer: '/plugins/beta',
        message: `plugin 'beta' requires 'alpha', which is not listed here: add "alpha": {} to plugins or disable 'beta'`,
        code: 'dependency',
      },
    ]);
    expect(only('disabled-dependency/main.json')).toEqual([
      {
        ...positionOf('disabled-dependency/main.json', '"beta"'),
        pointer: '/plugins/beta',
        message: "plugin 'beta' requires 'alpha', which is disabled here: enable 'alpha' or disable 'beta'",
        code: 'dependency',
      },
    ]);
  });

  it('reports a dependency cycle once', () => {
    expect(only('cycle/main.json')).toEqual([
      {
        ...positionOf('cycle/main.json', '"gamma"'),
        pointer: '/plugins/gamma',
        message: "dependency cycle: 'gamma' -> 'delta' -> 'gamma'; these plugins cannot be activated: disable one of them",
        code: 'cycle',
      },
    ]);
  });

  it('reports region keys and sub-website ids used by two files at the later one', () => {
    const problems = check('duplicates/a/main.json', 'duplicates/b/main.json', 'duplicates/b/tr.json');
    const first = fixture('duplicates/a/main.json');
    expect(problems).toEqual([
      {
        file: fixture('duplicates/b/main.json'),
        ...positionOf('duplicates/b/main.json', '"main"'),
        pointer: '/key',
        message: `region key "main" is also used by ${first}:3:10`,
        code: 'duplicate-key',
      },
      {
        file: fixture('duplicates/b/tr.json'),
        ...positionOf('duplicates/b/tr.json', '0', { nth: 1 }),
        pointer: '/id',
        message: `sub-website id 0 is also used by ${first}:4:9`,
        code: 'duplicate-id',
      },
    ]);
    expect(positionOf('duplicates/b/tr.json', '0')).toEqual({ line: 4, col: 9 });
  });

  it('reports a language whose locale folder is missing', () => {
    expect(only('no-locale/main.json')).toEqual([
      {
        ...positionOf('no-locale/main.json', '"ja-jp"'),
        pointer: '/languages/2',
        message: `language 'ja-jp' has no locale files: folder ${join(FIXTURE_LOCALES, 'ja')}/ is missing (language 'ja-jp' uses translations 'ja')`,
        code: 'locale',
      },
    ]);
  });

  it('requires the file name to be <key>.json', () => {
    expect(only('wrong-name/europe.json')).toEqual([
      {
        ...positionOf('wrong-name/europe.json', '"eu"'),
        pointer: '/key',
        message: "the file is named 'europe.json' but its key is 'eu': rename it to eu.json or change the key",
        code: 'file-name',
      },
    ]);
  });

  it('reports a file that cannot be read as an io problem', () => {
    expect(check('nope/main.json')).toEqual([{ file: fixture('nope/main.json'), line: 1, col: 1, pointer: '', message: 'file not found', code: 'io' }]);
  });
});

describe('loadRegionConfigs', () => {
  const dirs: string[] = [];
  const tempRegions = (...names: string[]) => {
    const dir = mkdtempSync(join(tmpdir(), 'regions-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'region-configs'));
    cpSync(FIXTURE_LOCALES, join(dir, 'locales'), { recursive: true });
    for (const name of names) cpSync(fixture(name), join(dir, 'region-configs', name.split('/').pop()!));
    return join(dir, 'region-configs');
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('returns frozen configs by key, with locales found next to the folder', () => {
    const configs = loadRegionConfigs(tempRegions('valid/main.json'), catalogue);
    expect([...configs.keys()]).toEqual(['main']);
    expect(configs.get('main')!.name).toBe('Fixture');
    expect(Object.isFrozen(configs.get('main')!.docs)).toBe(true);
  });

  it('throws with the formatted problems', () => {
    const dir = tempRegions('wrong-type/main.json');
    let error: unknown;
    try {
      loadRegionConfigs(dir, catalogue);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(RegionConfigError);
    expect((error as RegionConfigError).problems).toHaveLength(2);
    expect((error as Error).message).toContain(`${join(dir, 'main.json')}:18:24  /hiddenThemeSwitch  must be a boolean, not string "yes"`);
  });

  it('throws when the folder holds no config', () => {
    const dir = tempRegions();
    writeFileSync(join(dir, 'notes.txt'), 'x');
    expect(() => loadRegionConfigs(dir, catalogue)).toThrow(/No region configs/);
  });
});

describe('validateRegionFiles: rules beyond the fixtures', () => {
  const dir = mkdtempSync(join(tmpdir(), 'region-variant-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const valid = JSON.parse(readFileSync(fixture('valid/main.json'), 'utf8'));
  /** Writes main.json (text, or the valid fixture changed by `edit`) and validates it (against `plugins`). */
  const variant = (edit: ((c: any) => void) | string, plugins = catalogue) => {
    const file = join(dir, 'main.json');
    let text = edit as string;
    if (typeof edit === 'function') {
      const config = structuredClone(valid);
      edit(config);
      text = JSON.stringify(config, null, 2);
    }
    writeFileSync(file, text);
    return validateRegionFiles([file], plugins, { localesDir: FIXTURE_LOCALES }).map(({ line, col, pointer, message, code }) => ({
      at: `${line}:${col}`,
      pointer,
      message,
      code,
    }));
  };

  it('reports a field written twice at the second key', () => {
    const text = readFileSync(fixture('valid/main.json'), 'utf8').replace(
      '"hiddenLangAndRate": false,',
      '"hiddenLangAndRate": false,\n  "hiddenThemeSwitch": true,',
    );
    expect(variant(text)).toEqual([
      {
        at: '20:3',
        pointer: '/hiddenThemeSwitch',
        message: "duplicate field 'hiddenThemeSwitch' (first at 18:3); only this last one counts: remove one",
        code: 'duplicate-field',
      },
    ]);
  });

  it('reports comments, trailing commas and an empty file as syntax errors', () => {
    expect(variant('{\n  // note\n  "key": "main"\n}')[0]).toMatchObject({ at: '2:3', message: 'invalid JSON: comments are not allowed in JSON' });
    expect(variant('{\n  "languages": ["en",]\n}')[0]).toMatchObject({
      at: '2:22',
      pointer: '/languages',
      message: 'invalid JSON: expected a value (trailing commas are not allowed in JSON)',
    });
    expect(variant('  \n')).toMatchObject([{ at: '1:1', message: 'invalid JSON: the file is empty (expected a region config object)' }]);
  });

  it('ignores a byte-order mark', () => {
    expect(variant(`\uFEFF${readFileSync(fixture('valid/main.json'), 'utf8')}`)).toEqual([]);
  });

  it('reports missing required fields at the object, enum and pattern errors at the value', () => {
    expect(
      variant((c) => {
        delete c.docs.licenses;
        c.localePrefix = 'sometimes';
        c.defaultCurrB = 'TRY';
        c.languages = ['en', 'xx', 'en'];
      }),
    ).toEqual([
      { at: '20:19', pointer: '/defaultCurrB', message: 'must be a lower-case currency code such as "usdt"; got "TRY"', code: 'schema' },
      { at: '34:5', pointer: '/languages/1', message: expect.stringMatching(/^must be one of "en", "zh", .*; got "xx"$/), code: 'schema' },
      { at: '35:5', pointer: '/languages/2', message: 'duplicate of item 0', code: 'schema' },
      { at: '37:19', pointer: '/localePrefix', message: 'must be one of "as-needed", "always"; got "sometimes"', code: 'schema' },
      { at: '39:11', pointer: '/docs', message: "missing required field 'licenses'", code: 'schema' },
    ]);
  });

  it("refuses the chart's defaultSymbol, naming the two switches that replaced it (defaultBase, defaultCurrB)", () => {
    const chart = new PluginCatalogue([definePlugin({ id: 'chart', options: chartSchema, setup: () => {} })]);
    const problems = variant((c) => {
      c.plugins = { chart: { options: { defaultSymbol: 'BTC_TRY' } } };
    }, chart);
    expect(problems).toEqual([
      {
        at: expect.any(String),
        pointer: '/plugins/chart/options/defaultSymbol',
        message: "'defaultSymbol' is gone: the default market is plugins.chart.options.defaultBase quoted in the site's defaultCurrB (BTC_TRY where it is try)",
        code: 'moved-field',
      },
    ]);
  });

  it("requires defaultLang to be served and the auth plugin's OAuth logins to have client ids", () => {
    const withAuth = new PluginCatalogue([definePlugin({ id: 'auth', options: authSchema, checkOptions: checkClientIds, setup: () => {} })]);
    const logins = (options: Record<string, unknown>) => (c: any) => {
      c.defaultLang = 'tr';
      c.plugins = { auth: { options } };
    };
    const apple = { apple: 'com.example.signin' };
    expect(variant(logins({ authorizedLogin: ['metamask', 'google', 'apple'], thirdPartyClientIds: apple }), withAuth)).toEqual([
      expect.objectContaining({
        pointer: '/defaultLang',
        message: "defaultLang 'tr' is not in languages: add it there or pick one of en, zh",
        code: 'consistency',
      }),
      expect.objectContaining({
        pointer: '/plugins/auth/options/authorizedLogin/1',
        message: "plugin 'auth': login method 'google' needs a client id: add thirdPartyClientIds.google",
        code: 'plugin-options',
      }),
    ]);
    expect(variant(logins({ authorizedLogin: ['google'], thirdPartyClientIds: { google: 'web-client' } }), withAuth)).toContainEqual(
      expect.objectContaining({
        pointer: '/plugins/auth/options/thirdPartyClientIds/google',
        message: 'plugin \'auth\': must be a Google web client id ending in .apps.googleusercontent.com; got "web-client"',
      }),
    );
  });

  it('accepts menu entries only for a side menu the host or an installed plugin declares', () => {
    const item = { key: 'x', label: 'menu.x', path: '/x' };
    expect(variant((c) => (c.menus = { account: [item] }))).toEqual([]);
    expect(variant((c) => (c.menus = { acount: [item] }))).toEqual([
      expect.objectContaining({
        pointer: '/menus/acount',
        message: expect.stringMatching(/^menu 'acount' is not declared \(declared: .*account/),
        code: 'unknown-menu',
      }),
    ]);
  });

  it('requires noindex languages to be languages of the site', () => {
    const problems = variant((c) => (c.seo = { noindexLanguages: ['zh', 'it'], alternates: [{ hreflang: 'en-TR', region: 'tr', language: 'en' }] }));
    expect(problems).toEqual([
      expect.objectContaining({ pointer: '/seo/noindexLanguages/1', message: "'it' is not one of this site's languages (en, zh)", code: 'consistency' }),
    ]);
  });

  it('reports a dependency that is not installed and a malformed plugin id', () => {
    expect(variant((c) => (c.plugins = { lonely: {}, Bad_Id: {} }))).toEqual([
      expect.objectContaining({
        pointer: '/plugins/lonely',
        message: "plugin 'lonely' requires 'ghost', which is not an installed plugin: disable 'lonely'",
        code: 'dependency',
      }),
      expect.objectContaining({ pointer: '/plugins/Bad_Id', message: "'Bad_Id' is not a valid plugin id (kebab-case, e.g. 'site-switch')", code: 'schema' }),
    ]);
  });

  it('checks the options of a disabled plugin but not its dependencies', () => {
    expect(variant((c) => (c.plugins = { beta: { enabled: false }, alpha: { enabled: false, options: { limit: 2 } } }))).toEqual([]);
    expect(variant((c) => (c.plugins = { alpha: { enabled: false, options: { limit: -1.5 } } }))).toEqual([
      expect.objectContaining({ pointer: '/plugins/alpha/options/limit', message: "plugin 'alpha': must be integer; got -1.5", code: 'plugin-options' }),
    ]);
  });

  it('reports a root that is not an object', () => {
    expect(variant('[]')).toEqual([{ at: '1:1', pointer: '', message: 'must be an object, not an array', code: 'schema' }]);
  });
});

describe('otherApps', () => {
  const dir = mkdtempSync(join(tmpdir(), 'other-apps-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const valid = JSON.parse(readFileSync(fixture('valid/main.json'), 'utf8')) as Record<string, unknown>;
  /** The problems of the valid fixture with `otherApps` set, as the CLI prints them. */
  const problemsWith = (otherApps: unknown) => {
    const file = join(dir, 'main.json');
    writeFileSync(file, JSON.stringify({ ...valid, otherApps }, null, 2));
    return validateRegionFiles([file], catalogue, { localesDir: FIXTURE_LOCALES }).map((p) => formatProblem(p).slice(file.length));
  };

  it('accepts path prefixes and an https origin of another host', () => {
    expect(problemsWith({ paths: ['/myaccount/withdraw', '/futures', '/c2c'], origin: 'https://apps.example.com' })).toEqual([]);
    expect(problemsWith({ paths: ['/legal'] })).toEqual([]);
  });

  it('refuses paths that are not plain prefixes, too many of them, and an origin that is not https', () => {
    expect(problemsWith({ paths: ['/futures/', '/a/../b', 'futures', '/x?y=1'], origin: 'http://apps.example.com/' })).toEqual([
      `:${lineOf('"/futures/"')}:7  /otherApps/paths/0  must be a site path prefix such as "/futures": '/'-separated segments of letters, digits, '.', '_', '~' or '-' (no dot-only segment), without a trailing '/', query or fragment; got "/futures/"`,
      `:${lineOf('"/futures/"') + 1}:7  /otherApps/paths/1  must be a site path prefix such as "/futures": '/'-separated segments of letters, digits, '.', '_', '~' or '-' (no dot-only segment), without a trailing '/', query or fragment; got "/a/../b"`,
      `:${lineOf('"/futures/"') + 2}:7  /otherApps/paths/2  must be a site path prefix such as "/futures": '/'-separated segments of letters, digits, '.', '_', '~' or '-' (no dot-only segment), without a trailing '/', query or fragment; got "futures"`,
      `:${lineOf('"/futures/"') + 3}:7  /otherApps/paths/3  must be a site path prefix such as "/futures": '/'-separated segments of letters, digits, '.', '_', '~' or '-' (no dot-only segment), without a trailing '/', query or fragment; got "/x?y=1"`,
      `:${lineOf('"/futures/"') + 5}:15  /otherApps/origin  must be an https origin such as "https://apps.gate.com" (lower case, no path or trailing '/'); got "http://apps.example.com/"`,
    ]);
    const many = problemsWith({ paths: Array.from({ length: 65 }, (_, i) => `/p${i}`) });
    expect(many).toHaveLength(1);
    expect(many[0]).toMatch(/ {2}\/otherApps\/paths {2}has 65 items: at most 64 allowed$/);
    expect(problemsWith({ paths: [] })[0]).toMatch(/ {2}\/otherApps\/paths {2}must have at least 1 item/);
  });

  it('refuses a locale-prefixed path, a path inside another, and the site itself as the origin', () => {
    expect(problemsWith({ paths: ['/zh/futures', '/futures', '/futures/USDT'], origin: 'https://www.example.com' })).toEqual([
      `:${lineOf('"/zh/futures"')}:7  /otherApps/paths/0  '/zh/futures' starts with the locale code 'zh': write the path without its locale prefix`,
      `:${lineOf('"/zh/futures"') + 2}:7  /otherApps/paths/2  '/futures/USDT' is already covered by '/futures': remove one of them`,
      `:${lineOf('"/zh/futures"') + 4}:15  /otherApps/origin  'https://www.example.com' is this site's own domain: a redirect there would come back here; name the host of the other apps, or remove origin`,
    ]);
  });

  /** The 1-based line of `needle` in the file last written. */
  function lineOf(needle: string): number {
    return readFileSync(join(dir, 'main.json'), 'utf8').split(needle)[0].split('\n').length;
  }
});
