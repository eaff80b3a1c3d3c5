import { Agent, request } from 'node:http';

export interface ThroughputResult {
  label: string;
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
}

/** Renders `path` with `concurrency` requests in flight for `seconds`; bounded and self-stopping. */
export async function measureThroughput(port: number, label: string, path: string, headers: Record<string, string>, concurrency = 16, seconds = 8): Promise<ThroughputResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = request({ host: '127.0.0.1', port, path, agent, headers: { host: `localhost:${port}`, ...headers } }, (res) => {
        res.resume();
        res.on('end', () => {
          if ((res.statusCode ?? 500) >= 500) errors++;
          latencies.push(performance.now() - started);
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  const worker = async () => {
    while (Date.now() < end) await one();
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - t0) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { label, requests: latencies.length, errors, seconds: elapsed, rps: latencies.length / elapsed, p50: pct(0.5), p95: pct(0.95) };
}
