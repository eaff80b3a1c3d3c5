import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import layering from './plugin.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

/** A small project on disk: the cycle rule reads the files the linted one imports. */
const root = mkdtempSync(join(tmpdir(), 'layering-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const files: Record<string, string> = {
  'core/a.ts': "import type { B } from './b';\nexport type A = B | 1;",
  'core/b.ts': "import type { A } from './a';\nexport type B = A | 2;",
  'core/leaf.ts': 'export const leaf = 1;',
  'core/uses-leaf.ts': "import { leaf } from './leaf';\nexport const x = leaf;",
  'core/plugin-api/index.ts': "export { leaf } from '../leaf';",
  'plugins/p/x.ts': "export const load = () => import('./y');",
  'plugins/p/y.ts': "export { z } from './z';",
  'plugins/p/z.ts': "import { load } from './x';\nexport const z = load;",
  'plugins/q/index.ts': 'export const Q = 1;',
  'plugins/q/internal.ts': 'export const secret = 1;',
  'tools/t.ts': 'export const t = 1;',
  'host/index.ts': 'export const forTools = 1;',
  'host/app/paths.ts': 'export const paths = 1;',
};
for (const [path, text] of Object.entries(files)) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}
const at = (path: string) => ({ filename: join(root, path), code: files[path] ?? '', options: [{ root }] });

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

tester.run('layering/no-cycle', layering.rules['no-cycle'], {
  valid: [at('core/uses-leaf.ts'), at('core/leaf.ts'), { ...at('plugins/p/y.ts'), code: 'export const y = 1;' }],
  invalid: [
    { ...at('core/a.ts'), errors: [{ messageId: 'cycle', data: { cycle: 'core/a.ts → core/b.ts → core/a.ts' } }] },
    { ...at('plugins/p/x.ts'), errors: [{ messageId: 'cycle', data: { cycle: 'plugins/p/x.ts → plugins/p/y.ts → plugins/p/z.ts → plugins/p/x.ts' } }] },
    { ...at('core/leaf.ts'), code: "import './leaf';", errors: [{ messageId: 'cycle', data: { cycle: 'core/leaf.ts → core/leaf.ts' } }] },
    { ...at('core/leaf.ts'), code: "type U = import('./uses-leaf').X;\nexport const leaf = 1;", errors: [{ messageId: 'cycle' }] },
  ],
});

const crossing = { messageId: 'crossing' } as const;
tester.run('layering/boundaries', layering.rules.boundaries, {
  valid: [
    { ...at('plugins/p/w.ts'), code: "import { Q } from '../q';\nimport { leaf } from '../../core/plugin-api';\nimport x from 'react';" },
    { ...at('host/server/plugins.ts'), code: "const all = import.meta.glob('../../plugins/*/index.ts', { eager: true });" },
    { ...at('tools/u.ts'), code: "import { forTools } from '../host';\nimport { Q } from '../plugins/q/index';" },
    { ...at('plugins/p/w.test.ts'), code: "import { secret } from '../q/internal';\nimport { t } from '../../tools/t';" },
  ],
  invalid: [
    { ...at('plugins/p/w.ts'), code: "import { secret } from '../q/internal';", errors: [crossing] },
    { ...at('plugins/p/w.ts'), code: "import { leaf } from '../../core/leaf';", errors: [crossing] },
    { ...at('plugins/p/w.test.ts'), code: "import { leaf } from '../../core/leaf';", errors: [crossing] },
    { ...at('plugins/p/w.ts'), code: "export * from '../../host/app/paths';", errors: [crossing] },
    { ...at('core/c.ts'), code: "import type { T } from '../tools/t';\ntype H = import('../host/app/paths').X;", errors: [crossing, crossing] },
    { ...at('core/c.ts'), code: "const m = () => import('../plugins/q');", errors: [crossing] },
    {
      ...at('host/server/x.ts'),
      code: "import { t } from '../../tools/t';\nconst g = import.meta.glob(['../../plugins/*/internal.ts']);",
      errors: [crossing, crossing],
    },
    { ...at('tools/u.ts'), code: "import { paths } from '../host/app/paths';", errors: [crossing] },
    { ...at('host/app/x.ts'), code: "import { helper } from './x.test';", errors: [crossing] },
  ],
});

describe('eslint.config.js', () => {
  it('turns both rules on as errors for production code, tests and plain JavaScript alike', async () => {
    const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '../..') });
    for (const file of [
      'core/plugin-api/index.ts',
      'kit/index.ts',
      'plugins/chart/index.ts',
      'host/server/server.ts',
      'tools/build.mjs',
      'e2e/support.ts',
      'vite.config.ts',
    ]) {
      const { rules } = (await eslint.calculateConfigForFile(file)) as { rules: Record<string, unknown[]> };
      expect([file, rules['layering/boundaries']?.[0], rules['layering/no-cycle']?.[0]]).toEqual([file, 2, 2]);
    }
  });
});
