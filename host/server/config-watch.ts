/** Notices changes to the config folder: file events (debounced) and, as a fallback, a periodic content check. */
import { createHash, type Hash } from 'node:crypto';
import { watch as fsWatch } from 'node:fs';
import { open } from 'node:fs/promises';
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
  fingerprint?: (dir: string) => string | Promise<string>;
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
 * file at once). Any event restarts a `debounceMs` timer; when it fires, the content fingerprint is taken, then
 * `onChange` runs (so what it reads is at least as new as the fingerprint). Every `pollMs` the fingerprint is compared
 * with the one of the last `onChange` (or the start) and a difference runs `onChange` too. One fingerprint at a time.
 */
export function watchConfigFolder(o: ConfigWatchOptions): ConfigWatch {
  const fingerprint = o.fingerprint ?? folderFingerprint;
  const log = o.log ?? (() => {});
  /** The fingerprint of the last `onChange` (or the start); undefined until the first is taken. */
  let last: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  /** Fingerprints are taken one after the other, the first at once. */
  let queue = safeFingerprint(fingerprint, o.dir);
  void queue.then((f) => (last = f));
  const fingerprintNow = () => (queue = queue.then(() => safeFingerprint(fingerprint, o.dir)));
  const fire = async () => {
    timer = undefined;
    last = await fingerprintNow();
    o.onChange();
  };
  const onEvent = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void fire(), o.debounceMs ?? WATCH_DEBOUNCE_MS);
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
  let polling = false;
  const poll = setInterval(() => {
    if (timer !== undefined || polling || last === undefined) return;
    const before = last;
    polling = true;
    void fingerprintNow().then((now) => {
      polling = false;
      // Unless an event's `onChange` came meanwhile (it took its own fingerprint).
      if (timer === undefined && last === before && now !== before) {
        last = now;
        o.onChange();
      }
    });
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

/** Bytes read and hashed in one step of the fingerprint: its longest run on the serving thread is well under 1 ms. */
const FINGERPRINT_CHUNK_BYTES = 64 * 1024;

/**
 * SHA-256 over the names and bytes of the folder's *.json files (about 100 KB read; at most 8 MiB, the folder's
 * limit). The serving thread lists the folder (one directory read and at most 64 stats) and hashes one chunk at a
 * time; the reads themselves run off it.
 */
async function folderFingerprint(dir: string): Promise<string> {
  const hash = createHash('sha256');
  const chunk = Buffer.allocUnsafe(FINGERPRINT_CHUNK_BYTES);
  for (const file of configFilesIn(dir)) {
    hash.update(file).update('\u0000');
    try {
      await hashFile(file, hash, chunk);
    } catch (err) {
      hash.update(`unreadable: ${(err as NodeJS.ErrnoException).code}`);
    }
    hash.update('\u0000');
  }
  return hash.digest('hex');
}

/** Adds a file's bytes to `hash`, or its size and time when it is too large to be read as a config (never read every 2 s). */
async function hashFile(file: string, hash: Hash, chunk: Buffer): Promise<void> {
  const handle = await open(file);
  try {
    const { size, mtimeMs } = await handle.stat();
    if (size > MAX_CONFIG_FILE_BYTES) return void hash.update(`${size}:${mtimeMs}`);
    for (let n; (n = (await handle.read(chunk, 0, chunk.length, null)).bytesRead);) hash.update(chunk.subarray(0, n));
  } finally {
    await handle.close();
  }
}

async function safeFingerprint(fingerprint: ConfigWatchOptions['fingerprint'] & {}, dir: string): Promise<string> {
  try {
    return await fingerprint(dir);
  } catch (err) {
    return `unreadable folder: ${(err as Error).message}`;
  }
}
