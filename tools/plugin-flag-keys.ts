/**
 * The "Rollout flags" section of a plugin's README: the flag keys the plugin answers to (core/flags/README.md), read
 * from its definition and options schema. `plugin-flag-keys.test.ts` holds every README to it;
 * `npx tsx tools/plugin-flag-keys.ts --write` rewrites the sections after an options change.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { optionSchema, targetValueType } from '../core/flags/option-types';
import type { PluginDefinition } from '../core/plugin/types';

const HEADING = '## Rollout flags';

const SERVES: Record<string, string> = {
  boolean: 'true or false in its place',
  string: 'a string in its place',
  number: 'a number in its place',
  object: 'an object laid over it field by field (fields left out keep their configured value)',
};

/** The section's Markdown, heading included, ending with a newline. */
export function flagKeysSection(def: PluginDefinition<any>): string {
  const id = def.id;
  const rows = [`| \`plugin.${id}.enabled\` | on or off: a kill switch, a percentage rollout, targeting |`];
  const properties = Object.keys((def.options as { properties?: object } | undefined)?.properties ?? {});
  for (const option of properties) {
    const typed = targetValueType({ kind: 'option', plugin: id, option }, def);
    if (!('type' in typed)) continue;
    const isArray = optionSchema(def, option)?.type === 'array';
    rows.push(
      `| \`plugin.${id}.option.${option}\` | \`${option}\`: ${isArray ? 'a list in its place (from a named provider; flags.json serves no lists)' : SERVES[typed.type]} |`,
    );
  }
  rows.push(`| \`plugin.${id}.priority.<slot>\` | the order of its items in that slot (±1,000,000) |`);
  return `${HEADING}

Keys of \`region-configs/flags.json\` this plugin answers to (the context, checks and recipes:
[core/flags/README.md](../../core/flags/README.md), [region-configs/README.md](../../region-configs/README.md)):

| key | serves |
| --- | --- |
${rows.join('\n')}
`;
}

/** The README with its section replaced (or added at the end). */
export function withFlagKeysSection(readme: string, section: string): string {
  const start = readme.indexOf(`\n${HEADING}\n`);
  if (start < 0) return `${readme.trimEnd()}\n\n${section}`;
  const next = readme.indexOf('\n## ', start + HEADING.length + 1);
  return `${readme.slice(0, start + 1)}${section}${next < 0 ? '' : readme.slice(next)}`;
}

if (process.argv.includes('--write')) {
  const { discoverPlugins } = await import('./plugin-discovery');
  const root = new URL('..', import.meta.url).pathname;
  for (const def of await discoverPlugins()) {
    const file = join(root, 'plugins', def.id, 'README.md');
    writeFileSync(file, withFlagKeysSection(readFileSync(file, 'utf8'), flagKeysSection(def)));
  }
}
