import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { definePlugin } from '../../core/plugin/define';
import { PluginCatalogue } from '../../core/registry/catalogue';
import { fixture, FIXTURE_LOCALES } from '../../tools/validate/fixture-helpers';
import { RESERVED_PATHS, SERVER_PATHS } from '../app/host-paths';
import { checkConfigFiles } from './config-set';
import { OPERATOR_JSON_PATH, OPERATOR_PATH } from './operator-page';

/** The paths the server answers itself are reserved: the set check (`npm run validate`, reloads) refuses a plugin route on one. */
const dir = mkdtempSync(join(tmpdir(), 'reserved-paths-'));
const file = join(dir, 'main.json');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const valid = JSON.parse(readFileSync(fixture('valid/main.json'), 'utf8')) as Record<string, unknown>;

/** The set check of one region whose plugin `paged` routes `path` (the host's reserved paths by default). */
function checkWithRoute(path: string) {
  const catalogue = new PluginCatalogue([definePlugin({ id: 'paged', routes: () => [{ path, component: () => null }] })]);
  writeFileSync(file, JSON.stringify({ ...valid, plugins: { paged: {} } }, null, 2));
  return checkConfigFiles([file], catalogue, { localesDir: FIXTURE_LOCALES });
}

describe('reserved paths', () => {
  it('hold the operator page and its JSON', () => {
    expect(RESERVED_PATHS).toEqual(expect.arrayContaining(['/__operator', '/__operator.json', OPERATOR_PATH, OPERATOR_JSON_PATH]));
  });

  it('refuse a plugin route on /__operator, naming the plugin and the path', () => {
    const set = checkWithRoute('/__operator');
    expect(set.problems).toEqual([
      expect.objectContaining({
        file,
        pointer: '/plugins/paged',
        code: 'contribution',
        message: "plugin 'paged': route '/__operator' is a host route, which shadows it: choose another path",
      }),
    ]);
    expect(set.configs).toEqual([]);
  });

  it.each(Object.values(SERVER_PATHS))('refuse a plugin route on %s, a path the server answers itself', (path) => {
    expect(checkWithRoute(path).problems.map((p) => [p.code, p.message.includes(`route '${path}' is a host route`)])).toEqual([['contribution', true]]);
  });

  it('accept a plugin route next to them', () => {
    expect(checkWithRoute('/__operator/x').problems).toEqual([]);
  });
});
