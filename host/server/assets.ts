import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface PageAssets {
  entry: string;
  /** Frozen lists, one per distinct page (the boot state's JSON of each is then made once: app/boot.ts). */
  modulepreload: readonly string[];
  stylesheets: readonly string[];
  /**
   * The stylesheets' text, in order, for a `<style>` in the head (first paint waits on no stylesheet request);
   * undefined when a file cannot be read (the links then load them).
   */
  css?: string;
}

export const CLIENT_ENTRY = 'host/client/entry.tsx';

/** What a page's server render used, beside its active plugins: source modules relative to the project root. */
export interface PageParts {
  /** The lazy views (and page) it rendered whose code hydration waits for. */
  views?: readonly string[];
  /** The lazy views it rendered in deferred slots: their CSS is the page's, their code loads as they hydrate. */
  deferredViews?: readonly string[];
  /** The plugins its first render needs (default: every active one). */
  firstRender?: readonly string[];
}

/** What a page loads: the client build's manifest (`AssetManifest`), or the dev server's modules. */
export interface PageAssetSource {
  forPage(pluginIds: readonly string[], parts?: PageParts): PageAssets;
}

/** Reads Vite's client manifest: the entry script, and each enabled plugin's chunk with its imports and CSS. */
export class AssetManifest implements PageAssetSource {
  private readonly chunks: Record<string, ManifestChunk>;

  /** The client build's folder (the manifest is `<client>/.vite/manifest.json`). */
  private readonly clientDir: string;

  constructor(
    manifestPath: string,
    private readonly inlineCss = process.env.SHELL_INLINE_CSS !== '0',
  ) {
    this.clientDir = dirname(dirname(manifestPath));
    if (!existsSync(manifestPath)) throw new Error(`client build missing: ${manifestPath} (run npm run build)`);
    this.chunks = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
    if (!this.chunks[CLIENT_ENTRY]) throw new Error(`client manifest has no entry '${CLIENT_ENTRY}'`);
  }

  private readonly pages = new Map<string, PageAssets>();

  /**
   * Assets of a page whose plugins in the browser are `pluginIds` (the active ones the browser runs there) and whose
   * server render used `parts`: the scripts of the plugins its first render needs and of its views, with their static
   * imports, as modulepreload links; the CSS of each of those plugins (a plugin activated after hydration styles its
   * dialogs with the page's CSS) and of every view it rendered, deferred ones included. Computed once per distinct set.
   */
  forPage(pluginIds: readonly string[], { views = [], deferredViews = [], firstRender = pluginIds }: PageParts = {}): PageAssets {
    const key = [pluginIds, views, deferredViews, firstRender].map((list) => list.join(',')).join('|');
    let assets = this.pages.get(key);
    if (!assets) this.pages.set(key, (assets = this.compute(pluginIds, views, deferredViews, firstRender)));
    return assets;
  }

  private compute(pluginIds: readonly string[], views: readonly string[], deferredViews: readonly string[], firstRender: readonly string[]): PageAssets {
    const entry = `/${this.chunks[CLIENT_ENTRY].file}`;
    const js = this.closure([CLIENT_ENTRY, ...firstRender.map((id) => this.pluginChunk(id)), ...views], (chunk) => [`/${chunk.file}`]);
    js.delete(entry);
    const styled = [CLIENT_ENTRY, ...pluginIds.map((id) => this.pluginChunk(id)), ...views, ...deferredViews];
    const stylesheets = [...this.closure(styled, (chunk) => chunk.css?.map((c) => `/${c}`) ?? [])];
    return {
      entry,
      modulepreload: Object.freeze([...js]),
      stylesheets: Object.freeze(stylesheets),
      css: this.inlineCss ? this.readCss(stylesheets) : undefined,
    };
  }

  /**
   * The manifest key of a plugin's chunk: its `index.ts`, or, when the bundler merged that module into a chunk other
   * plugins import too (cookie-consent's, which analytics imports), the chunk named after the plugin.
   */
  private pluginChunk(id: string): string {
    const key = `plugins/${id}/index.ts`;
    if (this.chunks[key]) return key;
    return Object.keys(this.chunks).find((k) => !this.chunks[k].src && this.chunks[k].name === id) ?? key;
  }

  /** What `pick` gives for each of the chunks `roots` and their static imports, in the order first reached. */
  private closure(roots: readonly string[], pick: (chunk: ManifestChunk) => string[]): Set<string> {
    const out = new Set<string>();
    const seen = new Set<string>();
    const walk = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = this.chunks[key];
      if (!chunk) return;
      pick(chunk).forEach((x) => out.add(x));
      chunk.imports?.forEach(walk);
    };
    roots.forEach(walk);
    return out;
  }

  private readCss(hrefs: readonly string[]): string | undefined {
    try {
      return hrefs.map((href) => readFileSync(join(this.clientDir, href), 'utf8')).join('\n');
    } catch {
      return undefined;
    }
  }
}
