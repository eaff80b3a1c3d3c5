/**
 * Who a client file belongs to: one plugin, or `shell` (the entry, core, vendor libraries, and anything two plugins
 * share). The one attribution the bench, the byte budgets and `npm run explain` use.
 */

/** One entry of Vite's `.vite/manifest.json`. */
interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type ViteManifest = Record<string, ManifestChunk>;

export const SHELL = 'shell';
const CLIENT_ENTRY = 'host/client/entry.tsx';

const pluginOf = (key: string) => /^plugins\/([^/]+)\//.exec(key)?.[1];

/**
 * Maps every output file (`assets/…js` and its CSS) to its owner. A file reached from the client entry without
 * passing through a plugin's module is the shell's; a file reached from exactly one plugin's modules is that
 * plugin's; a file two plugins reach is the shell's (shared).
 */
export function fileOwners(manifest: ViteManifest, entry = CLIENT_ENTRY): Map<string, string> {
  const reachedBy = new Map<string, Set<string>>();
  const walk = (key: string, root: string, seen: Set<string>) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    const owner = pluginOf(key);
    if (owner && owner !== root) return; // another plugin's module: its own
    if (key === entry && root !== SHELL) return; // a plugin chunk's back-reference to the shared runtime
    (reachedBy.get(key) ?? reachedBy.set(key, new Set()).get(key)!).add(root);
    for (const next of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])]) walk(next, root, seen);
  };
  walk(entry, SHELL, new Set());
  for (const key of Object.keys(manifest)) {
    const id = pluginOf(key);
    if (id) walk(key, id, new Set());
  }
  const owners = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const roots = reachedBy.get(key) ?? new Set([SHELL]);
    const owner = pluginOf(key) ?? (roots.size === 1 && !roots.has(SHELL) ? [...roots][0] : SHELL);
    if (owner !== SHELL || !owners.has(chunk.file)) owners.set(chunk.file, owner);
    for (const css of chunk.css ?? []) if (!owners.has(css) || owners.get(css) === SHELL) owners.set(css, owner);
  }
  return owners;
}

/** Sums `bytes(file)` per owner for the files a page downloads (URLs like `/assets/x.js`); unknown files are the shell's. */
export function bytesByOwner(
  urls: readonly string[],
  owners: ReadonlyMap<string, string>,
  bytes: (file: string) => number,
): Map<string, { files: number; bytes: number }> {
  const out = new Map<string, { files: number; bytes: number }>();
  for (const url of new Set(urls)) {
    const file = url.replace(/^\//, '');
    const owner = owners.get(file) ?? SHELL;
    const sum = out.get(owner) ?? { files: 0, bytes: 0 };
    sum.files += 1;
    sum.bytes += bytes(file);
    out.set(owner, sum);
  }
  return out;
}
