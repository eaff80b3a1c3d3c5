import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface PageAssets {
  entry: string;
  modulepreload: string[];
  stylesheets: string[];
  /**
   * The stylesheets' text, in order, for a `<style>` in the head (first paint waits on no stylesheet request);
   * undefined when a file cannot be read (the links then load them).
   */
  css?: string;
}

export const CLIENT_ENTRY = 'host/client/entry.tsx';

/** Reads Vite's client manifest: the entry script, and each enabled plugin's chunk with its imports and CSS. */
export class AssetManifest {
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
   * Assets of a page whose enabled plugins are `pluginIds` and whose server render used the lazy views (and page) of
   * the modules `viewSources`: their chunks, static imports and CSS join the plugins' (computed once per distinct set).
   */
  forPage(pluginIds: readonly string[], viewSources: readonly string[] = []): PageAssets {
    const key = `${pluginIds.join(',')}|${viewSources.join(',')}`;
    let assets = this.pages.get(key);
    if (!assets) this.pages.set(key, (assets = this.compute(pluginIds, viewSources)));
    return assets;
  }

  private compute(pluginIds: readonly string[], viewSources: readonly string[]): PageAssets {
    const js = new Set<string>();
    const css = new Set<string>();
    const seen = new Set<string>();
    const walk = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = this.chunks[key];
      if (!chunk) return;
      js.add(`/${chunk.file}`);
      chunk.css?.forEach((c) => css.add(`/${c}`));
      chunk.imports?.forEach(walk);
    };
    walk(CLIENT_ENTRY);
    const entry = `/${this.chunks[CLIENT_ENTRY].file}`;
    for (const id of pluginIds) walk(`plugins/${id}/index.ts`);
    for (const source of viewSources) walk(source);
    js.delete(entry);
    const stylesheets = [...css];
    return { entry, modulepreload: [...js], stylesheets, css: this.inlineCss ? this.readCss(stylesheets) : undefined };
  }

  private readCss(hrefs: readonly string[]): string | undefined {
    try {
      return hrefs.map((href) => readFileSync(join(this.clientDir, href), 'utf8')).join('\n');
    } catch {
      return undefined;
    }
  }
}
