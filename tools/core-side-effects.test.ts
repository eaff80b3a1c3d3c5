import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The browser build treats the core's modules as side-effect free (`treeshake.moduleSideEffects` in vite.config.ts):
 * a module none of whose exports a chunk uses is left out of it. So a core module may do nothing at import time but
 * declare: no top-level calls or assignments (but to a property of a function it declares, as `lazyView.from`).
 */
const ROOT = resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'testing' ? [] : sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Top-level statements of a module that run something at import time. */
function effects(file: string, text = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const functions = new Set(source.statements.filter(ts.isFunctionDeclaration).map((f) => f.name?.text));
  return source.statements
    .filter((s) => {
      if (!ts.isExpressionStatement(s)) return false;
      const e = s.expression;
      const ownFunctionProperty =
        ts.isBinaryExpression(e) &&
        e.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
        ts.isPropertyAccessExpression(e.left) &&
        ts.isIdentifier(e.left.expression) &&
        functions.has(e.left.expression.text);
      return !ownFunctionProperty;
    })
    .map((s) => `${relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(s.getStart()).line + 1}: ${s.getText().slice(0, 60)}`);
}

describe('core and kit modules (side-effect free in the browser build)', () => {
  it('run nothing at import time', () => {
    const files = [...sources(join(ROOT, 'core')), ...sources(join(ROOT, 'kit'))];
    expect(files.filter((f) => f.includes('/kit/')).length).toBeGreaterThan(10);
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap((f) => effects(f))).toEqual([]);
  });

  it('the check sees top-level calls and assignments, and allows properties of a declared function', () => {
    const found = effects(join(ROOT, 'core/x.ts'), 'function f() {}\nf.from = 1;\nwindow.addEventListener("x", f);\nglobalThis.y = 2;');
    expect(found).toEqual(['core/x.ts:3: window.addEventListener("x", f);', 'core/x.ts:4: globalThis.y = 2;']);
  });
});
