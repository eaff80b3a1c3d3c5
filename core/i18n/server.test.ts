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

  it("never keeps a call with any other string (a user's name, a domain not in the configs)", () => {
    const { t, spy } = counted(['Gate']);
    expect(t('hello', { ns: 'shell', name: 'eve' })).toBe('Hello eve');
    expect(t('hello', { ns: 'shell', name: 'bob' })).toBe('Hello bob');
    expect(t('hello', { ns: 'shell', name: 'bob' })).toBe('Hello bob');
    expect(t('on', { ns: 'shell', site: 'Gate', domain: 'evil.example' })).toBe('Gate on evil.example');
    expect(t('on', { ns: 'shell', site: 'Gate', domain: 'evil.example' })).toBe('Gate on evil.example');
    expect(spy).toHaveBeenCalledTimes(5);
  });
});
