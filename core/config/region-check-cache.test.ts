import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { definePlugin } from '../plugin/define';
import { createPluginRef } from '../plugin/refs';
import { PluginCatalogue } from '../registry/catalogue';
import { editAt, fixture, FIXTURE_LOCALES } from '../../tools/validate/fixture-helpers';
import { deepFreeze } from '../util/freeze';
import { RegionCheckCache } from './region-check-cache';
import { checkRegionFiles } from './validate';

/**
 * The cache of the costly region checks: an unchanged file is not checked again, a changed one is, and whatever the
 * edits (valid, refused, colliding with the other region), the problems and configs are exactly an uncached check's.
 */
const RESERVED = ['/', '/__operator'];
/** Reads of the plugins' declarations: one per plugin of a region whose contributions are checked. */
let reads = 0;

function testCatalogue(): PluginCatalogue {
  const Page = () => null;
  const count = () => (reads++, []);
  return new PluginCatalogue([
    definePlugin({
      id: 'pages',
      options: { properties: { path: { type: 'string', default: '/pages' }, limit: { type: 'integer', default: 3 } } },
      routes: (options) => (reads++, [{ path: (options as { path: string }).path, component: Page }]),
    }),
    definePlugin({ id: 'alpha', options: { properties: { title: { type: 'string' } } }, routes: count }),
    definePlugin({ id: 'beta', requires: [createPluginRef('alpha')], routes: count }),
  ]);
}

const catalogue = testCatalogue();
const dir = mkdtempSync(join(tmpdir(), 'region-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const base = JSON.parse(readFileSync(fixture('valid/main.json'), 'utf8')) as Record<string, unknown>;
const main = { ...base, plugins: { pages: { options: { path: '/pages' } }, alpha: {}, beta: {} } };
const tr = { ...base, key: 'tr', id: 1, plugins: { pages: { options: { path: '/tr-pages', limit: 5 } } } };
const files = [join(dir, 'main.json'), join(dir, 'tr.json')];

function write(name: 'main' | 'tr', value: unknown): void {
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(value, null, 2) ?? '');
}

const check = (cache?: RegionCheckCache, reservedPaths = RESERVED, cat = catalogue) =>
  checkRegionFiles(files, cat, { localesDir: FIXTURE_LOCALES, reservedPaths, cache });

beforeEach(() => {
  write('main', main);
  write('tr', tr);
});

describe('RegionCheckCache', () => {
  it('checks again only the file whose content changed', () => {
    const cache = new RegionCheckCache();
    expect(check(cache).problems).toEqual([]);
    expect(cache.lastUse()).toEqual({ reused: 0, checked: 2 });
    const optionChecks = vi.spyOn(catalogue, 'validateOptions');
    reads = 0;
    expect(check(cache).problems).toEqual([]);
    expect(cache.lastUse()).toEqual({ reused: 2, checked: 0 });
    expect([optionChecks.mock.calls.length, reads]).toEqual([0, 0]);

    write('tr', { ...tr, name: 'Changed' });
    const result = check(cache);
    expect(result.problems).toEqual([]);
    expect([...result.configs.values()].map((c) => c.name)).toEqual(['Fixture', 'Changed']);
    expect(cache.lastUse()).toEqual({ reused: 1, checked: 1 });
    // tr's one plugin: its options checked once, its declarations read once.
    expect([optionChecks.mock.calls.length, reads]).toEqual([1, 1]);
    optionChecks.mockRestore();
  });

  it('hands out copies: configs frozen by one check do not reach the next', () => {
    const cache = new RegionCheckCache();
    const first = check(cache).configs.get(files[0])!;
    deepFreeze(first);
    const second = check(cache).configs.get(files[0])!;
    expect(cache.lastUse().reused).toBe(2);
    expect(second).toEqual(first);
    expect(Object.isFrozen(second.plugins.pages.options)).toBe(false);
    expect(second.plugins.pages.options).not.toBe(first.plugins.pages.options);
  });

  it('starts from empty for another catalogue or other reserved paths', () => {
    const cache = new RegionCheckCache();
    check(cache);
    check(cache, ['/', '/pages']);
    expect(cache.lastUse()).toEqual({ reused: 0, checked: 2 });
    check(cache, ['/', '/pages'], testCatalogue());
    expect(cache.lastUse()).toEqual({ reused: 0, checked: 2 });
  });

  it('keeps only the files of the last check', () => {
    const cache = new RegionCheckCache();
    check(cache);
    write('tr', { ...tr, name: 'Changed' });
    check(cache);
    expect(cache.size).toBe(2);
    checkRegionFiles([files[0]], catalogue, { localesDir: FIXTURE_LOCALES, reservedPaths: RESERVED, cache });
    expect(cache.size).toBe(1);
  });

  it('a refused file does not poison it: the same content back is valid again', () => {
    const cache = new RegionCheckCache();
    check(cache);
    write('main', { ...main, plugins: { ...main.plugins, pages: { options: { path: '/__operator' } } } });
    expect(check(cache).problems.map((p) => p.code)).toEqual(['contribution']);
    write('main', { ...main, id: 1 });
    expect(check(cache).problems.map((p) => p.code)).toEqual(['duplicate-id']);
    write('main', main);
    expect(check(cache)).toEqual(check());
    expect(check(cache).problems).toEqual([]);
  });
});

/** Values an edit puts in: any JSON, and the ones that make the checks disagree (reserved paths, the other region's key and id). */
const editValue = fc.option(fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom('/__operator', '/', '/tr-pages', 'tr', 1, 0, 'main')), { nil: undefined });
const oneEdit = fc.record({
  region: fc.constantFrom('main' as const, 'tr' as const),
  picks: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
  next: editValue,
});

describe('RegionCheckCache under random edits', () => {
  it('after each edit of one region, problems (in order) and configs equal an uncached check', () => {
    fc.assert(
      fc.property(fc.array(oneEdit, { minLength: 1, maxLength: 6 }), (edits) => {
        const cache = new RegionCheckCache();
        const current = { main, tr } as Record<'main' | 'tr', unknown>;
        write('main', main);
        write('tr', tr);
        check(cache);
        for (const e of edits) {
          current[e.region] = editAt(current[e.region], e.picks, e.next);
          write(e.region, current[e.region]);
          const cached = check(cache);
          expect(cache.lastUse().checked).toBeLessThanOrEqual(1);
          expect(cached).toEqual(check());
        }
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});
