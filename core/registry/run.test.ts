import { describe, expect, it } from 'vitest';
import type { Activation } from './activate';
import { runGuards, runLoaders, startEffects } from './run';
import type { GuardInput, LoaderInput } from '../plugin/types';

const activation = (parts: Partial<Activation>): Activation => ({ guards: [], loaders: [], effects: [], teardowns: [], ...parts }) as unknown as Activation;
/** A request's input; its environment is only read by the loaders' service reader (none of these loaders asks for a service). */
const input = { path: '/a', env: {} } as GuardInput & LoaderInput;

describe('runGuards', () => {
  it('skips a guard that throws (reported), ignores a redirect to the same path, and the first redirect wins', () => {
    const errors: string[] = [];
    const a = activation({
      guards: [
        {
          pluginId: 'broken',
          guard: () => {
            throw new Error('boom');
          },
        },
        { pluginId: 'same', guard: () => '/a' },
        { pluginId: 'first', guard: () => '/b' },
        { pluginId: 'second', guard: () => '/c' },
      ],
    });
    expect(runGuards(a, input, (id, err) => errors.push(`${id}: ${err.message}`))).toBe('/b');
    expect(errors).toEqual(['broken: boom']);
  });

  it('makes every redirect a same-site path: another origin becomes the home', () => {
    const to = (target: string) => runGuards(activation({ guards: [{ pluginId: 'g', guard: () => target }] }), input, () => {});
    expect(to('//evil.example/x')).toBe('/');
    expect(to('/\\evil.example/x')).toBe('/');
    expect(to('https://evil.example/')).toBe('/');
    expect(to('/..//evil.example/x')).toBe('/evil.example/x');
    expect(to('/tips?from=%2Fa')).toBe('/tips?from=%2Fa');
  });
});

describe('runLoaders', () => {
  const loader = (key: string, run: () => Promise<unknown>, when?: () => boolean) => ({ pluginId: 'p', def: { key, run, when } });

  it('keys results by plugin and key; a throwing loader or `when` gives nothing; a late one is left out at the deadline', async () => {
    const logs: string[] = [];
    const a = activation({
      loaders: [
        loader('ok', async () => 1),
        loader('fails', async () => {
          throw new Error('down');
        }),
        loader(
          'skipped',
          async () => 2,
          () => false,
        ),
        loader(
          'when-throws',
          async () => 3,
          () => {
            throw new Error('x');
          },
        ),
        loader('late', () => new Promise((r) => setTimeout(() => r(4), 500))),
      ],
    });
    expect(await runLoaders(a, input, Date.now() + 50, (l) => logs.push(l))).toEqual({ 'p/ok': 1 });
    expect(logs).toEqual(['[loader] p/fails failed: down', '[loader] p/late still running at the server time-out: left out']);
  });

  it('runs nothing once the deadline has passed', async () => {
    const logs: string[] = [];
    let ran = false;
    const a = activation({ loaders: [loader('x', async () => (ran = true))] });
    expect(await runLoaders(a, input, Date.now() - 1, (l) => logs.push(l))).toEqual({});
    expect(ran).toBe(false);
    expect(logs).toEqual(['[loader] skipped 1 loaders: the server time-out is spent']);
  });
});

describe('startEffects', () => {
  it('keeps each teardown on the activation and reports an effect that throws without stopping the others', () => {
    const errors: string[] = [];
    const torn: string[] = [];
    const a = activation({
      effects: [
        { pluginId: 'a', run: () => () => torn.push('a') },
        {
          pluginId: 'b',
          run: () => {
            throw new Error('bad');
          },
        },
        { pluginId: 'c', run: () => () => torn.push('c') },
      ],
    });
    startEffects(a, (id, err) => errors.push(`${id}: ${err.message}`));
    expect(errors).toEqual(['b: bad']);
    a.teardowns.forEach((t) => t());
    expect(torn).toEqual(['a', 'c']);
  });
});
