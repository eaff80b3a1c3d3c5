import { describe, expect, it } from 'vitest';
import { viewSources } from './vite-view-sources';

type Transform = (
  this: { resolve(spec: string, importer: string): Promise<{ id: string; external?: boolean } | null> },
  code: string,
  id: string,
) => Promise<{ code: string } | null>;

const run = (code: string, id = '/repo/plugins/kyc/index.ts') =>
  (viewSources('/repo').transform as unknown as Transform).call(
    { resolve: async (spec) => ({ id: `/repo/plugins/kyc/${spec.replace('./', '')}.tsx` }) },
    code,
    id,
  );

describe('viewSources (build): names the module of each lazy view', () => {
  it('rewrites lazyView and lazyPage calls to carry the module path relative to the root', async () => {
    const out = await run(
      "const A = lazyView(() => import('./KycDialog').then((m) => m.KycDialog));\nconst P = lazyPage(\n  () => import('./KycPage').then((m) => m.KycPage),\n);",
    );
    expect(out?.code).toBe(
      'const A = lazyView.from("plugins/kyc/KycDialog.tsx")(() => import(\'./KycDialog\').then((m) => m.KycDialog));\nconst P = lazyPage.from("plugins/kyc/KycPage.tsx")(() => import(\'./KycPage\').then((m) => m.KycPage),\n);',
    );
  });

  it('leaves other code and other folders alone', async () => {
    expect(await run("const x = import('./y');")).toBeNull();
    expect(await run("lazyView(() => import('./A'))", '/repo/node_modules/x/plugins/a/index.ts')).toBeNull();
  });
});
