// Copies what the built server reads at run time (tools/deploy/runtime-files.json) into a folder, keeping paths.
// The Dockerfile's build stage and tests/server/deploy-runtime.test.ts both run it:
//   node tools/deploy/copy-runtime.mjs <dest>     (after npm run build; SHELL_DIST picks the build, copied as dist/)
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { files } = JSON.parse(readFileSync(new URL('./runtime-files.json', import.meta.url), 'utf8'));

/** Source path (relative to the root) for each path of the list; `*` matches one folder name. */
function expand(pattern) {
  let paths = [''];
  for (const part of pattern.split('/')) {
    paths = paths.flatMap((p) =>
      part === '*'
        ? readdirSync(join(root, p), { withFileTypes: true })
            .filter((d) => d.isDirectory())
            .map((d) => join(p, d.name))
        : [join(p, part)],
    );
  }
  // A literal path must exist; a pattern may skip folders without that part (a plugin without locales).
  return pattern.includes('*') ? paths.filter((p) => existsSync(join(root, p))) : paths;
}

export function copyRuntime(dest) {
  const copied = [];
  for (const pattern of files) {
    for (const rel of expand(pattern)) {
      const from = rel === 'dist' ? resolve(root, process.env.SHELL_DIST ?? 'dist') : join(root, rel);
      if (rel === 'dist' && !existsSync(join(from, 'server/entry.js'))) throw new Error(`no server build in ${from}: run npm run build first`);
      if (!existsSync(from)) throw new Error(`${from} is missing (listed in tools/deploy/runtime-files.json)`);
      cpSync(from, join(dest, rel), { recursive: true });
      copied.push(rel);
    }
  }
  return copied;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dest = process.argv[2];
  if (!dest) {
    console.error('usage: node tools/deploy/copy-runtime.mjs <destination folder>');
    process.exit(2);
  }
  try {
    const copied = copyRuntime(resolve(dest));
    console.log(`copied ${copied.length} paths to ${resolve(dest)}`);
  } catch (err) {
    console.error(`copy-runtime: ${err.message}`);
    process.exit(1);
  }
}
