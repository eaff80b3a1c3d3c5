// The build's release (spec 000 §9): id = package version + `+<short commit>` when git knows one, date = build time
// (ISO UTC, seconds). SHELL_RELEASE_ID / SHELL_RELEASE_DATE override them (CI, an image built without .git); a value
// that is not a valid id or ISO UTC time is ignored. tools/build.mjs fixes both before its two vite builds, so the
// client and the server bundle carry the same release.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const RELEASE_ID = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** The short commit of the working tree, or '' (no git, not a repository). */
function gitCommit() {
  const r = spawnSync('git', ['rev-parse', '--short=7', 'HEAD'], { cwd: ROOT, encoding: 'utf8', timeout: 5000 });
  const sha = r.status === 0 ? r.stdout.trim() : '';
  return /^[0-9a-f]{7,40}$/.test(sha) ? sha : '';
}

/** `{ id, date }` for this build, from the environment when valid, else computed. */
export function releaseInfo(env = process.env, now = new Date()) {
  const fromEnvId = env.SHELL_RELEASE_ID ?? '';
  const fromEnvDate = env.SHELL_RELEASE_DATE ?? '';
  let id = RELEASE_ID.test(fromEnvId) ? fromEnvId : '';
  if (!id) {
    const { version } = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8'));
    const commit = gitCommit();
    id = `${version}${commit ? `+${commit}` : ''}`;
  }
  const date = ISO_UTC.test(fromEnvDate) && Number.isFinite(Date.parse(fromEnvDate)) ? fromEnvDate : now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return { id, date };
}
