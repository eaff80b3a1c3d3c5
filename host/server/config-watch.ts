/** Notices changes to the config folder: file events (debounced) and, as a fallback, a periodic content check. */
import { createHash } from 'node:crypto';
import { readFileSync, statSync, watch as fsWatch } from 'node:fs';
import { MAX_CONFIG_FILE_BYTES } from '../../core/config/limits';
import { configFilesIn } from './config-set';

/** Quiet time after the last file event before a reload: an editor's or a ConfigMap's several writes make one. */
const WATCH_DEBOUNCE_MS = 200;
/** Period of the content check, for mounts where file events do not arrive (network file systems, some overlays). */
const WATCH_POLL_MS = 2000;

export interface ConfigWatchOptions {
  dir: string;
  /** Called once per burst of changes. */
  onChange: () => void;
  debounceMs?: number;
  pollMs?: number;
  log?: (message: string) => void;
  /** A value that changes when the folder's content does (default: a hash of the names and bytes of its *.json files). */
  fingerprint?: (dir: string) => string;
  /** node:fs `watch` (replaceable in tests). */
  watch?: (dir: string, listener: () => void) => WatchHandle;
}

/** What the watcher uses of an fs.FSWatcher. */
interface WatchHandle {
  close(): void;
  on(event: 'error', listener: (err: Error) => void): unknown;
}

export interface ConfigWatch {
  close(): void;
}

/**
 * Watches a folder (not single files: a Kubernetes ConfigMap volume swaps its `..data` symlink, which replaces every
 * file at once). Any event restarts a `debounceMs` timer; when it fires, `onChange` runs. Every `pollMs` the content
 * fingerprint is compared with the one of the last `onChange` (or the start) and a difference runs `onChange` too.
 */
export function watchConfigFolder(o: ConfigWatchOptions): ConfigWatch {
  const fingerprint = o.fingerprint ?? folderFingerprint;
  const log = o.log ?? (() => {});
  let last = safeFingerprint(fingerprint, o.dir);
  let timer: NodeJS.Timeout | undefined;
  const fire = () => {
    timer = undefined;
    last = safeFingerprint(fingerprint, o.dir);
    o.onChange();
  };
  const onEvent = () => {
    clearTimeout(timer);
    timer = setTimeout(fire, o.debounceMs ?? WATCH_DEBOUNCE_MS);
    timer.unref();
  };
  let watcher: WatchHandle | undefined;
  try {
    watcher = (o.watch ?? ((dir, listener) => fsWatch(dir, { persistent: false }, listener)))(o.dir, onEvent);
    watcher.on('error', (err: Error) => {
      log(`[config] watching ${o.dir} failed (${err.message}); checking its content every ${o.pollMs ?? WATCH_POLL_MS} ms only`);
      watcher?.close();
    });
  } catch (err) {
    log(`[config] cannot watch ${o.dir} (${(err as Error).message}); checking its content every ${o.pollMs ?? WATCH_POLL_MS} ms only`);
  }
  const poll = setInterval(() => {
    if (timer === undefined && safeFingerprint(fingerprint, o.dir) !== last) fire();
  }, o.pollMs ?? WATCH_POLL_MS);
  poll.unref();
  return {
    close() {
      clearTimeout(timer);
      clearInterval(poll);
      watcher?.close();
    },
  };
}

/** SHA-256 over the names and bytes of the folder's *.json files (about 100 KB read: cheap every 2 s; at most 64 MiB). */
function folderFingerprint(dir: string): string {
  const hash = createHash('sha256');
  for (const file of configFilesIn(dir)) {
    hash.update(file).update('\u0000');
    try {
      // A file too large to be read as a config is fingerprinted by its size and time, never read every 2 s.
      const { size, mtimeMs } = statSync(file);
      hash.update(size > MAX_CONFIG_FILE_BYTES ? `${size}:${mtimeMs}` : readFileSync(file));
    } catch (err) {
      hash.update(`unreadable: ${(err as NodeJS.ErrnoException).code}`);
    }
    hash.update('\u0000');
  }
  return hash.digest('hex');
}

function safeFingerprint(fingerprint: (dir: string) => string, dir: string): string {
  try {
    return fingerprint(dir);
  } catch (err) {
    return `unreadable folder: ${(err as Error).message}`;
  }
}
