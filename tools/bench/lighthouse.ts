/**
 * Lighthouse 12 (mobile, simulated throttling, performance only) on a page, median of RUNS runs by score. Drives
 * Debian's Chromium through the CLI (CHROME_PATH); each run ~30 s here.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const BIN = resolve(import.meta.dirname, '../../node_modules/lighthouse/cli/index.js');
export const LH_VERSION = (JSON.parse(readFileSync(resolve(import.meta.dirname, '../../node_modules/lighthouse/package.json'), 'utf8')) as { version: string })
  .version;
const FLAGS = '--headless=new --no-sandbox --disable-gpu';

export interface LighthouseFigures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** "Reduce unused JavaScript": bytes it says could be saved (transfer size). */
  unusedJs: number;
  /** Render-blocking resources it lists. */
  renderBlocking: string[];
}

interface Audit {
  numericValue?: number;
  details?: { overallSavingsBytes?: number; items?: Array<{ url?: string }> };
}

async function runOnce(url: string): Promise<LighthouseFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'shell-lh-'));
  const out = join(dir, 'report.json');
  try {
    await new Promise<void>((ok, fail) => {
      const child = spawn(
        process.execPath,
        [BIN, url, '--quiet', '--only-categories=performance', '--output=json', `--output-path=${out}`, `--chrome-flags=${FLAGS}`],
        {
          env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH || process.env.CHROME_PATH || '/usr/bin/chromium' },
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.on('exit', (code) => (code === 0 ? ok() : fail(new Error(`lighthouse exited ${code}: ${err.slice(-500)}`))));
    });
    const lhr = JSON.parse(readFileSync(out, 'utf8')) as { categories: { performance: { score: number } }; audits: Record<string, Audit> };
    const a = lhr.audits;
    return {
      score: Math.round(lhr.categories.performance.score * 100),
      fcp: a['first-contentful-paint']?.numericValue ?? NaN,
      lcp: a['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: a['total-blocking-time']?.numericValue ?? NaN,
      cls: a['cumulative-layout-shift']?.numericValue ?? NaN,
      unusedJs: a['unused-javascript']?.details?.overallSavingsBytes ?? 0,
      renderBlocking: (a['render-blocking-resources']?.details?.items ?? []).map((i) => i.url ?? '').filter(Boolean),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs Lighthouse `runs` times on `url`; returns every run and the median one (by score). */
export async function lighthouse(url: string, runs = 3): Promise<{ runs: LighthouseFigures[]; median: LighthouseFigures }> {
  const all: LighthouseFigures[] = [];
  for (let i = 0; i < runs; i++) all.push(await runOnce(url));
  const median = [...all].sort((x, y) => x.score - y.score)[Math.floor(all.length / 2)];
  return { runs: all, median };
}
