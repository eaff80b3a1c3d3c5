import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { homeLoad, fetchText, type LoadResult } from './load';
import { htmlSize, type HtmlSize } from './html-size';
import { waitUntilAnswers } from './server';

/** Home render throughput of the shell next to a bare React SSR page of the same size, back to back. */

export const TARGETS = { visitor: 0.35, user: 0.25 } as const;
const USER = { cookie: 'uid=4242; nickname=bench' };

export interface Versus {
  kind: keyof typeof TARGETS;
  shellPage: HtmlSize;
  barePage: HtmlSize;
  shell: LoadResult;
  bare: LoadResult;
}

const home = async (port: number, headers: Record<string, string>) => {
  const r = await fetchText(port, { host: 'localhost', path: '/', headers });
  if (r.status !== 200) throw new Error(`home on port ${port} answered ${r.status}`);
  return htmlSize(r.text);
};

/** Starts the bare React server with pages sized like the shell's home (visitor and logged in). */
async function startBareReact(port: number, targets: Record<keyof typeof TARGETS, HtmlSize>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'bare-react/server.ts')], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), BARE_TARGETS: JSON.stringify(targets) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUntilAnswers(child, port, '/');
  return child;
}

/** Measures both (warm-up, then `seconds` each), visitor then logged in; stops the bare server at the end. */
export async function versusBareReact(shellPort: number, barePort: number, seconds = 8, warmUp = 2): Promise<Versus[]> {
  const shellPages = { visitor: await home(shellPort, {}), user: await home(shellPort, USER) };
  const bare = await startBareReact(barePort, shellPages);
  try {
    const out: Versus[] = [];
    for (const kind of ['visitor', 'user'] as const) {
      const headers = kind === 'user' ? USER : {};
      const barePage = await home(barePort, headers);
      await homeLoad(shellPort, headers, warmUp);
      const shellRun = await homeLoad(shellPort, headers, seconds);
      await homeLoad(barePort, headers, warmUp);
      const bareRun = await homeLoad(barePort, headers, seconds);
      out.push({ kind, shellPage: shellPages[kind], barePage, shell: shellRun, bare: bareRun });
    }
    return out;
  } finally {
    bare.kill('SIGKILL');
  }
}
