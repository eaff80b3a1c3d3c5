// @vitest-environment jsdom
import { act, use, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ShellProvider, type ShellRuntime } from './context';
import { boundariesHydrated, PerRequest, PerUser } from './per-request';
import { PluginBoundary } from './PluginBoundary';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const runtime = {} as ShellRuntime;
let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

/** Records when it commits. */
function Mark({ label, seen }: { label: string; seen: string[] }) {
  useEffect(() => void seen.push(label), [label, seen]);
  return <p>{label}</p>;
}

/** At the page's commit: asks when every boundary will have hydrated. */
function PageCommit({ seen }: { seen: string[] }) {
  useEffect(() => {
    seen.push('page');
    void boundariesHydrated().then(() => seen.push('all hydrated'));
  }, [seen]);
  return null;
}

describe('per-request and per-user boundaries', () => {
  it("count the page hydrated only once each boundary's content has hydrated, after the page's own commit", async () => {
    const seen: string[] = [];
    const page = (
      <ShellProvider runtime={runtime}>
        <main>
          <PerRequest>
            <Mark label="boot state" seen={seen} />
          </PerRequest>
          <PerUser>
            <Mark label="user menu" seen={seen} />
          </PerUser>
          <PageCommit seen={seen} />
        </main>
      </ShellProvider>
    );
    const host = document.createElement('div');
    host.innerHTML = renderToString(page);
    document.body.append(host);
    const errors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(host, page, { onRecoverableError: (err) => void errors.push(err) });
    });
    await boundariesHydrated();
    expect(errors).toEqual([]);
    // React hydrates a boundary's content after the page's root has committed; the page counts as hydrated last.
    expect(seen[0]).toBe('page');
    expect(seen.slice(1, 3).sort()).toEqual(['boot state', 'user menu']);
    expect(seen[3]).toBe('all hydrated');
    expect(host.querySelectorAll('p')).toHaveLength(2);
  });

  it("count every plugin contribution's own boundary too, until its content is in or it is gone", async () => {
    const withPlugins = { activation: { options: new Map() } } as unknown as ShellRuntime;
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const Waiting = () => {
      use(arrived);
      return <p>in</p>;
    };
    const page = (view: ReactNode) => (
      <ShellProvider runtime={withPlugins}>
        <PluginBoundary pluginId="view" onError={() => {}}>
          {view}
        </PluginBoundary>
      </ShellProvider>
    );
    const host = document.createElement('div');
    document.body.append(host);
    const reactRoot = createRoot(host);
    root = reactRoot;
    let settled = false;
    await act(async () => reactRoot.render(page(<Waiting />)));
    void boundariesHydrated().then(() => (settled = true));
    await act(async () => {});
    expect(settled).toBe(false);
    await act(async () => arrive());
    expect(host.textContent).toBe('in');
    expect(settled).toBe(true);

    // A boundary whose content never comes, then removed: nothing is left to wait for.
    const never = new Promise<void>(() => {});
    const Never = () => {
      use(never);
      return null;
    };
    await act(async () => reactRoot.render(null));
    await act(async () => reactRoot.render(page(<Never />)));
    settled = false;
    void boundariesHydrated().then(() => (settled = true));
    await act(async () => {});
    expect(settled).toBe(false);
    await act(async () => reactRoot.render(null));
    expect(settled).toBe(true);
  });

  it('resolve at once when nothing is left to hydrate (a page rendered in the browser)', async () => {
    await expect(boundariesHydrated()).resolves.toBeUndefined();
  });
});
