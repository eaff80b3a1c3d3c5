import { relative } from 'node:path';
import type { Plugin } from 'vite';

const CALL = /\blazy(View|Page)\(\s*\(\)\s*=>\s*import\(\s*(['"])([^'"]+)\2\s*\)/g;

/**
 * Names the module of every `lazyView(() => import('./X')…)` / `lazyPage(…)` in plugins and core: rewrites the call
 * to `lazyView.from('plugins/id/X.tsx')(() => import('./X')…)`, the module's path relative to the root being its
 * key in the client manifest. In both builds, so the server knows which client chunks the views it renders need.
 */
export function viewSources(root: string): Plugin {
  return {
    name: 'shell:view-sources',
    async transform(code, id) {
      if (!/\/(plugins|core|host)\/.*\.tsx?$/.test(id) || id.includes('/node_modules/') || !code.includes('import(')) return null;
      const calls = [...code.matchAll(CALL)];
      if (!calls.length) return null;
      let out = '';
      let at = 0;
      for (const m of calls) {
        const resolved = await this.resolve(m[3], id);
        if (!resolved || resolved.external) continue;
        const source = relative(root, resolved.id.split('?')[0]).split('\\').join('/');
        out += code.slice(at, m.index) + `lazy${m[1]}.from(${JSON.stringify(source)})(() => import(${m[2]}${m[3]}${m[2]})`;
        at = m.index + m[0].length;
      }
      return at ? { code: out + code.slice(at), map: null } : null;
    },
  };
}
