/**
 * Waits for a freshly launched Chromium to finish starting up. Debian's full Chromium goes on working for about 1.5 s
 * after it accepts a connection (its own UI's pages, such as the omnibox popup, load in a renderer of their own),
 * using up to 1.6 of this machine's 2 cores; a page loaded in that time shares the cores with it, and Lighthouse
 * multiplies what the page's tasks waited by four. A phone's browser is not starting while the page loads, so a run
 * begins once the browser's processes are quiet.
 */
import { readFileSync, readdirSync } from 'node:fs';

/** A 250 ms window with under 25 ms of CPU in the browser's processes (10 % of one core) counts as quiet. */
const WINDOW_MS = 250;
const QUIET_CPU_MS = 25;
/** Waiting stops here: a browser still busy by then is measured as it is (the caller is told). */
const MAX_WAIT_MS = 15_000;

const TICK_MS = 1000 / 100; // USER_HZ is 100 on Linux

function statFields(pid: string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // the process ended between listing and reading
  }
}

/** CPU time (ms) of `root` and every process descended from it (zygotes, renderers, GPU and utility processes). */
export function treeCpuMs(root: number): number {
  const parent = new Map<string, string>();
  const cpu = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    const f = statFields(pid);
    if (!f) continue;
    parent.set(pid, f[1]);
    cpu.set(pid, (Number(f[11]) + Number(f[12])) * TICK_MS);
  }
  const inTree = (pid: string): boolean => {
    for (let p: string | undefined = pid, hops = 0; p && p !== '0' && hops < 64; p = parent.get(p), hops++) if (p === String(root)) return true;
    return false;
  };
  let total = 0;
  for (const [pid, ms] of cpu) if (inTree(pid)) total += ms;
  return total;
}

/** The pid of the Chromium whose command line names `userDataDir` (a persistent context's profile). */
export function browserPid(userDataDir: string): number | null {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (cmd.includes(`--user-data-dir=${userDataDir}`) && !cmd.some((a) => a.startsWith('--type='))) return Number(pid);
    } catch {
      // gone, or not ours to read
    }
  }
  return null;
}

/** Resolves once the browser `pid` spent under 25 ms of CPU in a 250 ms window; how long that took, and whether it did. */
export async function untilBrowserSettled(pid: number): Promise<{ waitedMs: number; settled: boolean }> {
  const start = Date.now();
  let before = treeCpuMs(pid);
  while (Date.now() - start < MAX_WAIT_MS) {
    await new Promise((done) => setTimeout(done, WINDOW_MS));
    const now = treeCpuMs(pid);
    if (now - before < QUIET_CPU_MS) return { waitedMs: Date.now() - start, settled: true };
    before = now;
  }
  return { waitedMs: Date.now() - start, settled: false };
}
