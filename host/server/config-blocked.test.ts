import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RegionProblem } from '../../core/config/problems';
import type { RegionConfig } from '../../core/config/region';
import { applicableSet } from './config-blocked';
import type { ConfigSnapshot } from './config-diff';
import type { ConfigSetCheck, FlagsDocument } from './config-set';

const DIR = '/configs';
const NOW = '2026-11-29T12:00:00.000Z';
const region = (key: string, name: string) => ({ key, name, plugins: {} }) as unknown as RegionConfig;
const problem = (file: string, pointer = '/name', code: RegionProblem['code'] = 'schema'): RegionProblem => ({
  file: `${DIR}/${file}`,
  line: 1,
  col: 1,
  pointer,
  message: 'wrong',
  code,
});
const flagsDoc = (flags: Record<string, unknown>): FlagsDocument => ({ file: `${DIR}/flags.json`, value: { flags } });
const kill = (variant: string) => ({ state: 'ENABLED', variants: { on: true, off: false }, defaultVariant: variant });
const check = (c: Partial<ConfigSetCheck>): ConfigSetCheck => ({ problems: [], configs: [], flags: null, flagsDraft: null, ...c });
const apply = (c: ConfigSetCheck, active: ConfigSnapshot, since = new Map<string, string>()) => applicableSet(c, active, { dir: DIR, since, now: NOW });

const active: ConfigSnapshot = {
  configs: [region('main', 'Main v1'), region('tr', 'TR v1')],
  flags: flagsDoc({ 'plugin.chat.enabled': kill('on') }),
};

describe('applicableSet', () => {
  it('a valid set applies whole, nothing blocked', () => {
    const c = check({ configs: [region('main', 'Main v2')], flags: active.flags, flagsDraft: active.flags });
    expect(apply(c, active)).toEqual({ set: c, blocked: [] });
  });

  it('a broken region file keeps its last good config; the other files and the flags apply', () => {
    const flags = flagsDoc({ 'plugin.chat.enabled': kill('off') });
    const result = apply(check({ problems: [problem('tr.json')], configs: [region('main', 'Main v2')], flags, flagsDraft: flags }), active)!;
    expect(result.set.configs.map((c) => c.name)).toEqual(['Main v2', 'TR v1']);
    expect(result.set.flags).toBe(flags);
    expect(result.set.problems).toEqual([]);
    expect(result.blocked).toEqual([{ part: `${DIR}/tr.json`, since: NOW, problems: [`${DIR}/tr.json:1:1  /name  wrong`], serving: 'last good' }]);
  });

  it('a new region file that is broken serves nothing and says so', () => {
    const result = apply(check({ problems: [problem('eu.json')], configs: [region('main', 'Main v1'), region('tr', 'TR v1')] }), active)!;
    expect(result.set.configs.map((c) => c.key)).toEqual(['main', 'tr']);
    expect(result.blocked).toEqual([expect.objectContaining({ part: `${DIR}/eu.json`, serving: 'nothing' })]);
  });

  it('a broken flag holds back only itself: the kill switch beside it applies, its last good definition stays', () => {
    const draft = flagsDoc({ 'plugin.chat.enabled': kill('off'), 'plugin.popup.enabled': kill('on'), 'plugin.new.enabled': kill('on') });
    const activeWithPopup = { ...active, flags: flagsDoc({ 'plugin.chat.enabled': kill('on'), 'plugin.popup.enabled': kill('off') }) };
    const problems = [
      problem('flags.json', '/flags/plugin.popup.enabled/variants', 'flags'),
      problem('flags.json', '/flags/plugin.new.enabled', 'unknown-plugin'),
    ];
    const result = apply(check({ problems, configs: [...active.configs], flagsDraft: draft }), activeWithPopup)!;
    expect(result.set.flags?.value.flags).toEqual({ 'plugin.chat.enabled': kill('off'), 'plugin.popup.enabled': kill('off') });
    expect(result.blocked.map((b) => [b.part, b.serving])).toEqual([
      [`${DIR}/flags.json#plugin.popup.enabled`, 'last good'],
      [`${DIR}/flags.json#plugin.new.enabled`, 'nothing'],
    ]);
  });

  it('a flags file that does not parse, or a problem outside one flag, keeps the last good flags whole', () => {
    for (const c of [
      check({ problems: [problem('flags.json', '', 'syntax')], configs: [...active.configs] }),
      check({
        problems: [problem('flags.json', '/$evaluators/x', 'flags')],
        configs: [...active.configs],
        flagsDraft: flagsDoc({ 'plugin.chat.enabled': kill('off') }),
      }),
    ]) {
      const result = apply(c, active)!;
      expect(result.set.flags).toBe(active.flags);
      expect(result.blocked.map((b) => b.part)).toEqual([`${DIR}/flags.json`]);
    }
  });

  it('a problem of the folder itself applies nothing', () => {
    expect(apply(check({ problems: [{ ...problem(''), file: DIR, code: 'io' }] }), active)).toBeUndefined();
  });

  it('a part already blocked keeps the time it was first refused', () => {
    const since = new Map([[`${DIR}/tr.json`, '2026-11-28T08:00:00.000Z']]);
    const result = apply(check({ problems: [problem('tr.json'), problem('main.json')] }), active, since)!;
    expect(result.blocked.map((b) => [b.part, b.since])).toEqual([
      [`${DIR}/tr.json`, '2026-11-28T08:00:00.000Z'],
      [`${DIR}/main.json`, NOW],
    ]);
  });

  it('whatever files are broken, each region serves its new config when valid, else its last good one (property)', () => {
    const keys = ['main', 'tr', 'eu', 'hk'];
    fc.assert(
      fc.property(fc.subarray(keys), fc.subarray(keys), fc.subarray(keys), (before, present, broken) => {
        const previous: ConfigSnapshot = { configs: before.map((k) => region(k, `${k} old`)), flags: null };
        const valid = present.filter((k) => !broken.includes(k));
        const c = check({ problems: broken.map((k) => problem(`${k}.json`)), configs: valid.map((k) => region(k, `${k} new`)) });
        const result = apply(c, previous)!;
        const expected = keys.flatMap((k) => (valid.includes(k) ? [`${k} new`] : broken.includes(k) && before.includes(k) ? [`${k} old`] : []));
        expect(result.set.configs.map((r) => r.name)).toEqual(expected);
        expect(result.blocked.map((b) => b.part).sort()).toEqual(broken.map((k) => `${DIR}/${k}.json`).sort());
      }),
    );
  });
});
