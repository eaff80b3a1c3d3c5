/** Types of tools/lint/plugin.mjs. */
import type { Rule } from 'eslint';

declare const layering: { meta: { name: string }; rules: { boundaries: Rule.RuleModule; 'no-cycle': Rule.RuleModule } };
export default layering;
