import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { createServerI18n, memoizeSelectingCalls } from './server';

const resources = {
  en: {
    shell: {
      home: 'Home of {{site}}',
      hello: 'Hello {{name}}',
      plain: 'Plain',
      on: '{{site}} on {{domain}}',
      unread_one: '{{count}} unread',
      unread_other: '{{count}} unread messages',
      twice: '{{name}}, {{name}}: {{site}} owes {{amount}} {{currency}}',
      loud: 'Hi {{name, uppercase}}',
      many: '{{amount, number}} coins',
      mark: 'Odd \uE000 mark {{name}}',
      greet: 'Hello',
      greet_female: 'Hello madam {{name}}',
    },
  },
};

function counted(constants: string[] = []) {
  const instance = createServerI18n('en', resources, ['shell']);
  const spy = vi.spyOn(instance, 't');
  const t = memoizeSelectingCalls(instance, new Set(constants)).t as unknown as (k: string, o?: object) => string;
  return { t, spy };
}

describe('memoizeSelectingCalls', () => {
  it('answers a plain call from its memo after the first time', () => {
    const { t, spy } = counted();
    expect(t('plain', { ns: 'shell' })).toBe('Plain');
    expect(t('plain', { ns: 'shell' })).toBe('Plain');
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('memoizes calls whose values are all public constants, each value apart', () => {
    const { t, spy } = counted(['Gate', 'Gate TR', 'gate.com']);
    expect(t('home', { ns: 'shell', site: 'Gate' })).toBe('Home of Gate');
    expect(t('home', { site: 'Gate', ns: 'shell' })).toBe('Home of Gate');
    expect(t('home', { ns: 'shell', site: 'Gate TR' })).toBe('Home of Gate TR');
    expect(t('on', { ns: 'shell', site: 'Gate', domain: 'gate.com' })).toBe('Gate on gate.com');
    expect(spy).toHaveBeenCalledTimes(3);
  });

  it('memoizes counts by their value (plural forms included)', () => {
    const { t, spy } = counted();
    expect(t('unread', { ns: 'shell', count: 1 })).toBe('1 unread');
    expect(t('unread', { ns: 'shell', count: 3 })).toBe('3 unread messages');
    expect(t('unread', { ns: 'shell', count: 3 })).toBe('3 unread messages');
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it("answers calls with other strings (a user's name, an amount) from a template: i18next never sees those", () => {
    const { t, spy } = counted(['Gate']);
    expect(t('hello', { ns: 'shell', name: 'eve' })).toBe('Hello eve');
    expect(t('hello', { ns: 'shell', name: 'bob' })).toBe('Hello bob');
    expect(t('on', { ns: 'shell', site: 'Gate', domain: 'evil.example' })).toBe('Gate on evil.example');
    expect(t('on', { ns: 'shell', site: 'Gate', domain: 'other.example' })).toBe('Gate on other.example');
    expect(spy).toHaveBeenCalledTimes(4); // each template: the text as written, and with its stand-ins
    const seen = JSON.stringify(spy.mock.calls);
    for (const text of ['eve', 'bob', 'evil.example', 'other.example']) expect(seen).not.toContain(text);
  });

  it('gives what i18next gives for any free values, on the real translations too', () => {
    const real = realTranslations();
    const keys = placeholderKeys(real.en.shell);
    expect(keys.length).toBeGreaterThan(10);
    const plain = createServerI18n('en', resources, ['shell']);
    const { t } = counted(['Gate']);
    const plainReal = createServerI18n('ar', real, ['shell']);
    const tReal = memoizeSelectingCalls(createServerI18n('ar', real, ['shell'])).t as unknown as (k: string, o?: object) => string;
    const value = fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('{{name}}', '$t(plain)', '$&', '$1', '\uE0000\uE001', '\uE000', ''));
    fc.assert(
      fc.property(
        value,
        value,
        value,
        fc.constantFrom('hello', 'on', 'twice', 'loud', 'many', 'mark', 'greet'),
        fc.constantFrom(...keys),
        (name, amount, currency, key, realKey) => {
          const options = { ns: 'shell', name, amount, currency, site: 'Gate', domain: currency };
          expect(t(key, options)).toBe(plain.t(key, options));
          const withContext = { ns: 'shell', name, context: amount };
          expect(t('greet', withContext)).toBe(plain.t('greet', withContext));
          const realOptions = { ns: 'shell', name, amount, currency, site: name, domain: amount, value: currency, coins: 3 };
          expect(tReal(realKey, realOptions)).toBe(plainReal.t(realKey, realOptions));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("sends every call to i18next where the text formats the value or holds a stand-in's mark, or i18next reads the option itself", () => {
    const { t, spy } = counted();
    expect(t('loud', { ns: 'shell', name: 'eve' })).toBe('Hi eve');
    expect(t('loud', { ns: 'shell', name: 'eve' })).toBe('Hi eve');
    expect(t('many', { ns: 'shell', amount: '12' })).toBe(createServerI18n('en', resources, ['shell']).t('many', { ns: 'shell', amount: '12' }));
    expect(t('mark', { ns: 'shell', name: 'eve' })).toBe('Odd \uE000 mark eve');
    expect(t('mark', { ns: 'shell', name: 'bob' })).toBe('Odd \uE000 mark bob');
    expect(t('greet', { ns: 'shell', name: 'eve', context: 'female' })).toBe('Hello madam eve');
    expect(t('greet', { ns: 'shell', name: 'eve', context: 'female' })).toBe('Hello madam eve');
    expect(t('absent', { ns: 'shell', name: 'eve', defaultValue: 'Hi {{name}}' })).toBe('Hi eve');
    // A template's try asks twice (the text as written, and with stand-ins): loud 2 + 2, many 2 + 1, mark 2 + 2;
    // greet (a context) and absent (a default text) go to i18next at once.
    expect(spy).toHaveBeenCalledTimes(4 + 3 + 4 + 2 + 1);
  });

  it('gives what i18next gives where a constant looks like a stand-in or holds its mark', () => {
    const lookalike = '\uE0000\uE001';
    const { t } = counted([lookalike, 'A\uE000']);
    const plain = createServerI18n('en', resources, ['shell']);
    for (const site of [lookalike, 'A\uE000']) {
      for (const domain of ['eve.example', 'bob.example']) {
        const options = { ns: 'shell', site, domain };
        expect(t('on', options)).toBe(plain.t('on', options));
      }
    }
  });

  it('makes no template on an instance with a post-processor, which could change a value i18next put in', () => {
    const make = () => {
      const instance = i18next.createInstance();
      void instance
        .use({ type: 'postProcessor', name: 'loud-v', process: (value: string) => value.replace(/v/g, 'V') })
        .init({ lng: 'en', resources, defaultNS: 'shell', initAsync: false, postProcess: ['loud-v'], interpolation: { escapeValue: false } });
      return instance;
    };
    const t = memoizeSelectingCalls(make()).t as unknown as (k: string, o?: object) => string;
    expect(t('hello', { ns: 'shell', name: 'eve' })).toBe('Hello eVe');
    expect(t('hello', { ns: 'shell', name: 'bob' })).toBe(make().t('hello', { ns: 'shell', name: 'bob' }));
  });
});

/** The English and Arabic translations of the shell namespace, as the files hold them. */
function realTranslations(): Record<string, { shell: Record<string, unknown> }> {
  const out: Record<string, { shell: Record<string, unknown> }> = {};
  for (const lng of ['en', 'ar']) out[lng] = { shell: JSON.parse(readFileSync(new URL(`../../locales/${lng}/shell.json`, import.meta.url), 'utf8')) };
  return out;
}

/** The keys (dotted) whose text has a placeholder. */
function placeholderKeys(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string'
      ? v.includes('{{')
        ? [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`]
        : []
      : v && typeof v === 'object'
        ? placeholderKeys(v as Record<string, unknown>, `${prefix}${k}.`)
        : [],
  );
}
