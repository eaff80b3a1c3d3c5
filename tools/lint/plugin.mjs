/**
 * ESLint plugin `layering` (eslint.config.js turns it on for the whole tree):
 * - `layering/boundaries`: an import crosses layers only as tools/lint/layers.mjs allows;
 * - `layering/no-cycle`: no import cycle of any length between project files. Every import counts: static,
 *   type-only, dynamic `import()`, re-exports, module augmentations.
 * Option `{ root }`: the project root (default: two folders above this file).
 */
import { resolve } from 'node:path';
import { boundaryViolation } from './layers.mjs';
import { importPath, projectPath, resolveSpecifier } from './module-graph.mjs';

const DEFAULT_ROOT = resolve(import.meta.dirname, '../..');
const OPTIONS = [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }];

const stringOf = (node) => {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  if (node?.type === 'TSLiteralType') return stringOf(node.literal);
  return null;
};

const isGlobCall = (node) =>
  node.callee.type === 'MemberExpression' &&
  node.callee.property.type === 'Identifier' &&
  node.callee.property.name === 'glob' &&
  node.callee.object.type === 'MetaProperty';

/** Calls `found(specifier, node, { glob })` for every module the file names. */
function importVisitors(found) {
  const source = (node) => {
    const spec = stringOf(node.source);
    if (spec !== null) found(spec, node, { glob: false });
  };
  return {
    ImportDeclaration: source,
    ExportNamedDeclaration: source,
    ExportAllDeclaration: source,
    ImportExpression: source,
    TSImportType(node) {
      const spec = stringOf(node.source ?? node.argument);
      if (spec !== null) found(spec, node, { glob: false });
    },
    TSModuleDeclaration(node) {
      const spec = stringOf(node.id);
      if (spec !== null) found(spec, node, { glob: false });
    },
    TSExternalModuleReference(node) {
      const spec = stringOf(node.expression);
      if (spec !== null) found(spec, node, { glob: false });
    },
    CallExpression(node) {
      if (node.callee.type === 'Identifier' && node.callee.name === 'require') {
        const spec = stringOf(node.arguments[0]);
        if (spec !== null) found(spec, node, { glob: false });
      } else if (isGlobCall(node)) {
        const arg = node.arguments[0];
        const patterns = arg?.type === 'ArrayExpression' ? arg.elements.map(stringOf) : [stringOf(arg)];
        for (const p of patterns) if (p && !p.startsWith('!')) found(p, node, { glob: true });
      }
    },
  };
}

const rootOf = (context) => resolve(context.options[0]?.root ?? DEFAULT_ROOT);

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports cross layers (core, plugins, host, tools) only through their public modules' },
    schema: OPTIONS,
    messages: { crossing: '{{from}} → {{why}}' },
  },
  create(context) {
    const root = rootOf(context);
    const from = projectPath(root, context.filename);
    if (!from) return {};
    return importVisitors((spec, node, { glob }) => {
      const target = glob ? (spec.startsWith('.') ? resolve(context.filename, '..', spec) : null) : resolveSpecifier(context.filename, spec);
      const to = target && projectPath(root, target);
      const why = to && boundaryViolation(from, to);
      if (why) context.report({ node, messageId: 'crossing', data: { from, why } });
    });
  },
};

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles between project files (type-only and dynamic imports count)' },
    schema: OPTIONS,
    messages: {
      cycle: 'import cycle: {{cycle}}. Move what both sides need into a module that neither imports (types into a types file)',
    },
  },
  create(context) {
    const root = rootOf(context);
    const self = context.filename;
    const from = projectPath(root, self);
    if (!from) return {};
    const reported = new Set();
    return importVisitors((spec, node, { glob }) => {
      const target = glob ? null : resolveSpecifier(self, spec);
      if (!target || reported.has(target) || !projectPath(root, target)) return;
      const back = target === self ? [] : importPath(target, self);
      if (!back) return;
      reported.add(target);
      const files = [self, target, ...back].map((f) => projectPath(root, f) ?? f);
      context.report({ node, messageId: 'cycle', data: { cycle: files.join(' → ') } });
    });
  },
};

/** The plugin object for eslint.config.js: `plugins: { layering }`. */
export default { meta: { name: 'layering' }, rules: { boundaries, 'no-cycle': noCycle } };
