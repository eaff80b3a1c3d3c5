/**
 * Writes schemas/region-config.schema.json from the base schema and every installed plugin's options schema, and
 * each plugin's options.generated.ts from its schema.json (option-types.ts).
 * Usage: npm run schemas            (write)
 *        npm run schemas -- --check (exit 1 when a committed file is stale, for CI)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE_SCHEMA } from '../../core/config/schema-check';
import { loadCatalogue, PROJECT_ROOT } from '../plugin-discovery';
import { composeRegionSchema } from './compose';
import { generatedOptionTypes } from './option-types';

/** Where the generated schema lives (region files point their $schema at it). */
export const GENERATED_SCHEMA = join(PROJECT_ROOT, 'schemas', 'region-config.schema.json');

/** The generated file's text for the installed plugins. */
export async function generatedSchemaText(): Promise<string> {
  const catalogue = await loadCatalogue();
  const schema = composeRegionSchema(BASE_SCHEMA, [...catalogue.definitions.values()], catalogue.places.menus);
  return `${JSON.stringify(schema, null, 2)}\n`;
}

async function main(argv: string[]): Promise<number> {
  const files = [{ file: GENERATED_SCHEMA, text: await generatedSchemaText() }, ...(await generatedOptionTypes())];
  const check = argv.includes('--check');
  let stale = 0;
  for (const { file, text } of files) {
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      /* not generated yet */
    }
    if (current === text) continue;
    stale++;
    if (check) console.error(`${file} is stale: run npm run schemas`);
    else {
      writeFileSync(file, text);
      console.log(`wrote ${file}`);
    }
  }
  if (!check) console.log(`${files.length - stale} of ${files.length} generated files unchanged`);
  return check && stale ? 1 : 0;
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
