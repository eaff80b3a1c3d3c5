import { describe, expect, it } from 'vitest';
import { definePlugin, loader } from '../../core/plugin/define';
import { createPluginTester } from '../../core/testing';
import { createLoaderRef } from '../../core/plugin/refs';
import type { PluginDefinition } from '../../core/plugin/types';
import { prerenderPage } from './prerender';
import { ShellProvider, type ShellRuntime } from '../../core/react/context';
import { Slot } from '../../core/react/Slot';
import { PerRequest } from '../../core/react/per-request';

/**
 * The prelude of a page of `plugin`'s `home` slot, and a per-request part, prerendered for every logged-in user (null:
 * the prerender failed).
 */
async function preludeOfHome(plugin: PluginDefinition<any>, loaderData: Record<string, unknown> = {}): Promise<string | null> {
  const t = createPluginTester(plugin);
  const runtime: ShellRuntime = { env: t.env, activation: t.activation, loaderData, monitor: undefined as never, prerender: 'user' };
  const made = await prerenderPage(
    <ShellProvider runtime={runtime}>
      <main>
        <Slot name="home" />
        <PerRequest>
          <p>own</p>
        </PerRequest>
      </main>
    </ShellProvider>,
  );
  t.dispose();
  return made && made.prelude.toString();
}

const OWN = createLoaderRef<{ n: number }>('p/own');

describe('a slot of a page prerendered for every logged-in user', () => {
  it('is in the prelude when none of its entries is the user’s own', async () => {
    const plugin = definePlugin({ id: 'p', slotEntries: () => [{ slot: 'home', key: 'markets', render: () => <p>markets</p> }] });
    expect(await preludeOfHome(plugin)).toContain('<p>markets</p>');
  });

  it('is a hole when one of its entries is declared the user’s own', async () => {
    const plugin = definePlugin({
      id: 'p',
      slotEntries: () => [
        { slot: 'home', key: 'markets', render: () => <p>markets</p> },
        { slot: 'home', key: 'tip', perUser: true, render: () => <p>your level</p> },
      ],
    });
    const prelude = await preludeOfHome(plugin);
    expect(prelude).not.toBeNull();
    expect(prelude).not.toMatch(/markets|your level/);
  });

  it('is a hole when one of its entries shows a per-user loader’s result', async () => {
    const plugin = definePlugin({
      id: 'p',
      loaders: () => [loader({ key: OWN, perUser: true, run: () => Promise.resolve({ n: 1 }) })],
      slotEntries: () => [
        { slot: 'home', key: 'markets', render: () => <p>markets</p> },
        { slot: 'home', key: 'mine', shows: OWN, render: () => <p>mine</p> },
      ],
    });
    const prelude = await preludeOfHome(plugin);
    expect(prelude).not.toBeNull();
    expect(prelude).not.toMatch(/markets|mine/);
  });
});
