import cluster from 'node:cluster';
import type { ServerSettings } from './settings';
import { startServer, type RunningShell } from './server';
import { batchedLines } from './access-log';

const REGION_ORDER = ['main', 'tr', 'eu', 'hk', 'us', 'bs', 'sg', 'uk', 'jp', 'ae', 'au', 'testnet'];

/** One serving process: starts the shell, reports ready, drains on SIGTERM/SIGINT and exits 0. `entry`: the server entry module. */
export async function runWorker(settings: ServerSettings, entry: URL): Promise<void> {
  process.on('unhandledRejection', (err) => console.error('[server] unhandled rejection', err));
  let shell: RunningShell | undefined;
  let stopping = false;
  // Handlers first: a signal while the shell still loads has nothing in flight to wait for, so it ends the process at once.
  // SIGTERM (an orchestrator) waits DRAIN_DELAY_MS with readiness off so a load balancer can take the process out;
  // SIGINT (Ctrl-C at a terminal) drains at once.
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!shell) process.exit(0);
    const delayMs = signal === 'SIGTERM' ? settings.limits.drainDelayMs : 0;
    console.log(
      `${signal}: draining ${shell.lifecycle.pending} in-flight requests${delayMs ? `, serving ${delayMs} ms more with /readyz 503` : ''}${cluster.isWorker ? ` (worker ${process.pid})` : ''}`,
    );
    void shell.close({ delayMs }).then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  // SIGHUP reloads the config folder (while loading, the load in progress reads the newest files anyway).
  process.on('SIGHUP', () => {
    if (shell && !stopping) void shell.reload('signal');
  });
  console.log(`Loading region configs, plugins and translations (${cluster.isWorker ? 'worker' : 'pid'} ${process.pid})`);
  try {
    shell = await startServer({
      port: settings.port,
      site: settings.site,
      apiOrigin: settings.apiOrigin,
      fakeApi: settings.fakeApi,
      entry,
      trustProxy: settings.trustProxy,
      accessLog: settings.accessLog ? batchedLines((text) => process.stdout.write(text)) : undefined,
      only: settings.only,
      pageReuse: settings.pageReuse,
      limits: settings.limits,
      regionConfigsDir: settings.regionConfigsDir,
      auditFile: settings.auditFile,
      operatorToken: settings.operatorToken,
      operatorIdentityHeader: settings.operatorIdentityHeader,
    });
  } catch (err) {
    console.error(`Refusing to start: ${(err as Error).message}`);
    process.exit(1);
  }
  if (!cluster.isWorker || cluster.worker?.id === 1) printBanner(shell, settings);
  process.send?.({ type: 'shell:ready' });
}

function printBanner({ app }: RunningShell, settings: ServerSettings) {
  const p = settings.port === 80 ? '' : `:${settings.port}`;
  const backEnd = settings.fakeApi ? 'fake API on' : `fake API off, using ${settings.apiOrigin}`;
  console.log(`Exchange shell on http://localhost${p} (${settings.site ?? 'main'}); ${backEnd}; ${settings.workers} worker${settings.workers > 1 ? 's' : ''}`);
  if (settings.only) console.log(`Dev harness: only ${settings.only.join(',')} (and what it requires) in every region`);
  for (const key of REGION_ORDER.filter((k) => app.site().regions.get(k))) {
    console.log(`  ${key.padEnd(8)} http://${key === 'main' ? '' : `${key}.`}localhost${p}/   (${app.site().regions.get(key)!.webSiteDomain})`);
  }
}
