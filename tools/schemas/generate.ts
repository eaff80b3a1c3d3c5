/**
 * Writes schemas/region-config.schema.json from the base schema and every installed plugin's options schema.
 * Usage: npm run schemas            (write)
 *        npm run schemas -- --check (exit 1 when the committed file is stale, for CI)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE_SCHEMA } from '../../core/config/schema-check';
import { discoverPlugins, PROJECT_ROOT } from '../plugin-discovery';
import { composeRegionSchema } from './compose';

/** Where the generated schema lives (region files point their $schema at it). */
export const GENERATED_SCHEMA = join(PROJECT_ROOT, 'schemas', 'region-config.schema.json');

/** The generated file's text for the installed plugins. */
export async function generatedSchemaText(): Promise<string> {
  return `${JSON.stringify(composeRegionSchema(BASE_SCHEMA, await discoverPlugins()), null, 2)}\n`;
}

async function main(argv: string[]): Promise<number> {
  const text = await generatedSchemaText();
  let current = '';
  try {
    current = readFileSync(GENERATED_SCHEMA, 'utf8');
  } catch {
    /* not generated yet */
  }
  if (argv.includes('--check')) {
    if (current === text) return 0;
    console.error(`${GENERATED_SCHEMA} is stale: run npm run schemas`);
    return 1;
  }
  if (current !== text) writeFileSync(GENERATED_SCHEMA, text);
  console.log(`${current === text ? 'unchanged' : 'wrote'} ${GENERATED_SCHEMA}`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 2;
    },
  );
}
