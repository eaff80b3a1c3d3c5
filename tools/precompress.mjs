// Writes .br (quality 11) and .gz (level 9) beside each compressible client file, for the server to send as is.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|webmanifest|xml)$/;
/** Below this size compression does not pay for its header. */
const MIN_BYTES = 1024;

/** Compresses every eligible file under `dir` (skipping the .vite manifest folder); returns what it wrote. */
export function precompress(dir) {
  let files = 0;
  let raw = 0;
  let br = 0;
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (name.startsWith('.')) continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (COMPRESSIBLE.test(name)) {
        const body = readFileSync(path);
        if (body.length < MIN_BYTES) continue;
        const b = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
        writeFileSync(`${path}.br`, b);
        writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
        files++;
        raw += body.length;
        br += b.length;
      }
    }
  };
  walk(dir);
  return { files, raw, br };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { files, raw, br } = precompress(process.argv[2] ?? 'dist/client');
  console.log(`precompressed ${files} files: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli`);
}
