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

  it("keeps results in the loaders' order whatever order they settle in; a loader that throws at once gives nothing", async () => {
    const after = (ms: number, value: unknown) => () => new Promise((r) => setTimeout(() => r(value), ms));
    const traces: string[] = [];
    const a = activation({
      loaders: [
        loader('slow', after(30, 'expired')),
        loader('throws', () => {
          throw new Error('at once');
        }),
        loader('fast', after(1, { n: 1 })),
        loader('nothing', async () => undefined),
      ],
    });
    const logs: string[] = [];
    const out = await runLoaders(
      a,
      input,
      Date.now() + 5_000,
      (l) => logs.push(l),
      (t) => traces.push(`${t.key} ${t.outcome}`),
    );
    expect(Object.keys(out)).toEqual(['p/slow', 'p/fast']);
    expect(out).toEqual({ 'p/slow': 'expired', 'p/fast': { n: 1 } });
    expect(logs).toEqual(['[loader] p/throws failed: at once']);
    expect(traces).toEqual(['p/throws failed', 'p/nothing value', 'p/fast value', 'p/slow value']);
  });

  it('drops what settles after the deadline, and reports each late loader once', async () => {
    const logs: string[] = [];
    let finish!: (v: unknown) => void;
    let fail!: (e: Error) => void;
    const a = activation({
      loaders: [loader('late', () => new Promise((r) => (finish = r))), loader('late-fail', () => new Promise((_, r) => (fail = r)))],
    });
    const out = await runLoaders(a, input, Date.now() + 20, (l) => logs.push(l));
    finish(1);
    fail(new Error('too late'));
    // The late promises' reactions are microtasks: they have all run before this next task.
    await new Promise((r) => setTimeout(r, 0));
    expect(out).toEqual({});
    expect(logs).toEqual([
      '[loader] p/late still running at the server time-out: left out',
      '[loader] p/late-fail still running at the server time-out: left out',
    ]);
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
