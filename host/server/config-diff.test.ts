import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RegionConfig } from '../../core/config/region';
import { diffConfigSets, isEmptyDiff, sameJson } from './config-diff';
import type { FlagsDocument } from './config-set';

const region = (key: string, extra: Record<string, unknown> = {}, plugins: RegionConfig['plugins'] = {}) =>
  ({ key, name: key.toUpperCase(), webSiteDomain: `${key}.example`, plugins, ...extra }) as unknown as RegionConfig;
const flags = (defs: Record<string, unknown>): FlagsDocument => ({ file: 'flags.json', value: { flags: defs } });

describe('diffConfigSets', () => {
  it('lists changed fields, plugins switched on and off, and changed option paths', () => {
    const before = region('main', { name: 'Gate' }, { chat: { options: { room: 'a', limits: [1, 2] } }, share: {}, kyc: { enabled: false } });
    const after = region('main', { name: 'Gate 2', support: { email: 'x@y' } }, { chat: { options: { room: 'b', limits: [1, 2, 3] } }, kyc: {} });
    const diff = diffConfigSets({ configs: [before], flags: null }, { configs: [after], flags: null });
    expect(diff.regions).toEqual([
      {
        region: 'main',
        change: 'changed',
        fields: ['name', 'support'],
        pluginsEnabled: ['kyc'],
        pluginsDisabled: ['share'],
        options: ['/plugins/chat/options/limits/2', '/plugins/chat/options/room'],
        values: {
          '/name': { before: 'Gate', after: 'Gate 2' },
          '/support': { before: undefined, after: { email: 'x@y' } },
          '/plugins/chat/options/limits/2': { before: undefined, after: 3 },
          '/plugins/chat/options/room': { before: 'a', after: 'b' },
        },
      },
    ]);
  });

  it('shows a long value by the start of its JSON and its length', () => {
    const long = 'x'.repeat(2000);
    const diff = diffConfigSets({ configs: [region('main', { note: 'short' })], flags: null }, { configs: [region('main', { note: long })], flags: null });
    expect(diff.regions[0].values['/note']).toEqual({ before: 'short', after: `"${'x'.repeat(499)}… (2002 characters)` });
  });

  it('names regions added and removed, and flag keys added, removed and changed', () => {
    const diff = diffConfigSets(
      { configs: [region('main'), region('tr', {}, { chat: {} })], flags: flags({ a: { state: 'ENABLED' }, b: { state: 'ENABLED' } }) },
      { configs: [region('main'), region('eu')], flags: flags({ a: { state: 'DISABLED' }, c: { state: 'ENABLED' } }) },
    );
    expect(diff.regions.map((r) => [r.region, r.change])).toEqual([
      ['eu', 'added'],
      ['tr', 'removed'],
    ]);
    expect(diff.regions[1].pluginsDisabled).toEqual(['chat']);
    expect(diff.flags).toEqual({ added: ['c'], removed: ['b'], changed: ['a'] });
  });

  it('bounds the option paths it lists', () => {
    const many = (v: number) => Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`k${i}`, v]));
    const diff = diffConfigSets(
      { configs: [region('main', {}, { chat: { options: many(1) } })], flags: null },
      { configs: [region('main', {}, { chat: { options: many(2) } })], flags: null },
    );
    expect(diff.regions[0].options).toHaveLength(50);
    expect(diff.regions[0].truncated).toBe(true);
  });

  it('is empty exactly when the sets are equal as JSON (property)', () => {
    const options = fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 });
    fc.assert(
      fc.property(options, options, (a, b) => {
        const left = region('main', {}, { chat: { options: a } });
        const right = region('main', {}, { chat: { options: b } });
        const diff = diffConfigSets({ configs: [left], flags: null }, { configs: [right], flags: null });
        expect(isEmptyDiff(diff)).toBe(sameJson(left, right));
        expect(isEmptyDiff(diffConfigSets({ configs: [left], flags: null }, { configs: [left], flags: null }))).toBe(true);
      }),
    );
  });
});
