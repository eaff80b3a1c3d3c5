// `npm run explain -- --region <key> --path <path> [--persona <scenario>] [--uid <id>] [--locale <code>] [--json]`:
// builds when stale (its output on stderr, so --json stays clean), then explains one request (host/server/explain.ts).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { distDir, ensureBuild, ensureDependencies } from './ensure.mjs';

const toStderr = { stdio: ['ignore', 2, 2] };
ensureDependencies(toStderr);
ensureBuild({ spawn: toStderr });
const r = spawnSync(process.execPath, [join(distDir(), 'server/entry.js'), 'explain', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
process.exit(r.status ?? 1);
