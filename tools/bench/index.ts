/**
 * `npm run bench`: figures to measure later work against, printed, never asserted.
 * - per region, the gzip bytes of JavaScript a first visit to home downloads (Chromium);
 * - server render throughput for home at concurrency 16 (visitor and logged in);
 * - the chart benchmark, when the chart plugin provides one.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { measureBundles } from './bundles';
import { startBuiltServer } from './server';
import { measureThroughput } from './throughput';

const PORT = Number(process.env.BENCH_PORT ?? 3199);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  const server = await startBuiltServer(PORT);
  try {
    console.log('\nJavaScript downloaded by a first visit to home (per region)');
    console.log('region    files   raw         gzip');
    for (const r of await measureBundles(PORT)) {
      console.log(`${r.region.padEnd(9)} ${String(r.files).padStart(5)}   ${kb(r.raw).padStart(9)}   ${kb(r.gzip).padStart(9)}`);
    }
    console.log('\nServer render throughput, home, concurrency 16 (fake API on the same process)');
    for (const [label, headers] of [
      ['visitor', {}],
      ['logged in', { cookie: 'uid=4242; nickname=bench' }],
    ] as const) {
      await measureThroughput(PORT, 'warm-up', '/', headers, 16, 2);
      const t = await measureThroughput(PORT, label, '/', headers);
      console.log(`${t.label.padEnd(10)} ${t.rps.toFixed(0).padStart(5)} req/s   p50 ${t.p50.toFixed(1)} ms   p95 ${t.p95.toFixed(1)} ms   (${t.requests} requests, ${t.errors} errors, ${t.seconds.toFixed(1)} s)`);
    }
  } finally {
    server.kill();
  }
  const chartBench = resolve(import.meta.dirname, 'chart.ts');
  if (existsSync(chartBench)) {
    const { runChartBench } = (await import(chartBench)) as { runChartBench?: () => Promise<void> };
    if (runChartBench) {
      console.log('\nChart');
      await runChartBench();
    }
  }
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
