import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../config/problems';
import { loadCatalogue, PROJECT_ROOT } from '../../tools/plugin-discovery';
import { checkFlagFile, flagWarnings } from './check';
import { flagsCatalogue } from './fixtures/catalogue';

const catalogue = flagsCatalogue();
const check = (value: unknown) => checkFlagFile('flags.json', JSON.stringify(value, null, 2), catalogue).map(formatProblem);
const bool = { state: 'ENABLED', variants: { on: true, off: false }, defaultVariant: 'on' };

describe('checkFlagFile', () => {
  it('accepts the shipped flag file', async () => {
    const file = join(PROJECT_ROOT, 'region-configs/flags.json');
    expect(checkFlagFile(file, readFileSync(file, 'utf8'), await loadCatalogue())).toEqual([]);
  });

  it('reports syntax and flagd schema problems at their position', () => {
    expect(checkFlagFile('flags.json', '{\n  "flags": {\n    "plugin.base.enabled": { "state": "ON", }\n  }\n}', catalogue).map(formatProblem)).toEqual([
      'flags.json:3:45  /flags/plugin.base.enabled  invalid JSON: expected a field name in double quotes',
      'flags.json:3:45  /flags/plugin.base.enabled  invalid JSON: expected a value (trailing commas are not allowed in JSON)',
    ]);
    expect(check({ flags: { 'plugin.base.enabled': { ...bool, state: 'ON' } } })).toEqual([
      'flags.json:4:16  /flags/plugin.base.enabled/state  flagd schema: must be one of "ENABLED", "DISABLED"',
    ]);
    expect(check({ flag: {} })).toEqual(["flags.json:1:1  (root)  flagd schema: must have required property 'flags'"]);
  });

  it('checks keys against the convention, the installed plugins, their options and the slots', () => {
    expect(
      check({
        flags: {
          'chat.enabled': bool,
          'plugin.popops.enabled': bool,
          'plugin.popup.option.colour': { ...bool },
          'plugin.popup.priority.modl': { state: 'ENABLED', variants: { a: 1 }, defaultVariant: 'a' },
        },
      }),
    ).toEqual([
      "flags.json:3:5  /flags/chat.enabled  flag keys are 'plugin.<id>.enabled', 'plugin.<id>.option.<name>' or 'plugin.<id>.priority.<slot>'",
      "flags.json:11:5  /flags/plugin.popops.enabled  unknown plugin id 'popops' (did you mean 'popup'?)",
      "flags.json:19:5  /flags/plugin.popup.option.colour  plugin 'popup' has no option 'colour'",
      expect.stringMatching(/^flags.json:27:5 {2}\/flags\/plugin.popup.priority.modl {2}unknown slot 'modl' \(did you mean 'modal'\?\); slots: /),
    ]);
  });

  it("checks each variant against the flag's type and the plugin's options schema", () => {
    const variant = { state: 'ENABLED', variants: { a: 'A', c: 'C' }, defaultVariant: 'a' };
    const delay = { state: 'ENABLED', variants: { fast: 10, slow: 'slow' }, defaultVariant: 'fast' };
    expect(check({ flags: { 'plugin.popup.option.variant': variant, 'plugin.popup.option.delayMs': delay, 'plugin.base.enabled': bool } })).toEqual([
      `flags.json:7:14  /flags/plugin.popup.option.variant/variants/c  plugin 'popup' option 'variant': must be one of "A", "B"; got "C"`,
      "flags.json:15:17  /flags/plugin.popup.option.delayMs/variants/slow  'plugin.popup.option.delayMs' serves a number; this variant is a string",
    ]);
  });

  it('checks that targeting reads known context fields, names existing evaluators and splits sanely', () => {
    const targeting = {
      if: [
        { '==': [{ var: 'contry' }, 'TR'] },
        'off',
        { some: [{ var: 'tags' }, { '==': [{ var: '' }, 'x'] }] },
        { $ref: 'missing' },
        {
          fractional: [
            ['on', 5],
            ['on', -1],
            ['maybe', 0],
          ],
        },
      ],
    };
    expect(check({ flags: { 'plugin.base.enabled': { ...bool, targeting } } }).map((l) => l.replace(/; fields: .*/, ''))).toEqual([
      "flags.json:15:24  /flags/plugin.base.enabled/targeting/if/0/==/0/var  targeting reads 'contry', which the shell never puts in the context (did you mean 'country'?)",
      expect.stringMatching(/targeting\/if\/2\/some\/0\/var {2}targeting reads 'tags'/),
      "flags.json:37:21  /flags/plugin.base.enabled/targeting/if/3/$ref  no evaluator 'missing' in $evaluators",
      expect.stringMatching(/targeting\/if\/4\/fractional\/1\/1 {2}a fractional weight must be a whole number >= 0/),
      expect.stringMatching(/targeting\/if\/4\/fractional\/2\/0 {2}no variant 'maybe' in this flag \(on, off\)/),
    ]);
  });
});

describe('flagWarnings', () => {
  it("warns of an option variant that sets the option's enabled, at the field, and of nothing else", () => {
    const text = JSON.stringify(
      {
        flags: {
          'plugin.popup.option.newbie': {
            state: 'ENABLED',
            variants: { a: {}, b: { enabled: false }, c: { enabled: true, maxPerDay: 1 } },
            defaultVariant: 'a',
          },
          'plugin.popup.enabled': { state: 'ENABLED', variants: { on: true, off: false }, defaultVariant: 'off' },
          'plugin.popup.option.banner': { state: 'ENABLED', variants: { x: { title: 'enabled' } }, defaultVariant: 'x' },
        },
      },
      null,
      2,
    );
    expect(flagWarnings('flags.json', text).map(formatProblem)).toEqual([
      expect.stringMatching(
        /^flags\.json:\d+:\d+ {2}\/flags\/plugin\.popup\.option\.newbie\/variants\/b\/enabled {2}variant 'b' sets enabled: false, which turns the feature off/,
      ),
      expect.stringMatching(
        /\/variants\/c\/enabled {2}variant 'c' sets enabled: true, which changes whether the feature is on; switch a plugin with plugin\.popup\.enabled/,
      ),
    ]);
    expect(flagWarnings('flags.json', '{ not json')).toEqual([]);
  });
});
