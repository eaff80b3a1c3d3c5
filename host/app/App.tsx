import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { ShellProvider, type ShellRuntime } from '../../core/react/context';
import { riseClass } from '../../core/i18n/locales';
import { BUILD_RELEASE, RELEASE_META, releaseMetaContent } from '../../core/util/release';
import { BOOT_IDS, type BootParts, type BootState } from './boot';
import { Layout } from './Layout';
import { PerRequest } from '../../core/react/per-request';

export interface AppProps {
  runtime: ShellRuntime;
  boot: BootState;
  i18n: i18n;
  /**
   * The page's CSS when the server inlines it (`boot.head.inlineCss`), as the element holds it: the server passes the
   * files' text made safe for a style element (`styleSafe`), the browser the text it finds in the page (`inlinedCss()`),
   * so both render the same `<style>`.
   */
  inlineCss?: string;
  /** The boot state's data blocks: the server's serialization, the browser's text of them (`bootBlocks()`). */
  bootParts: BootParts;
  /** The scripts that start the page, after its data blocks: the server's, the browser's as it finds them (`pageStart()`). */
  start: PageStart;
  /** Server: the response's CSP nonce, on the start scripts (each response its own). */
  nonce?: string;
}

/** What starts the page in the browser: the inline script (early clicks, held links, the boot state) and the entry module. */
export interface PageStart {
  script: string;
  entry: string;
}

const START_IDS = { script: 'shell-start', entry: 'shell-entry' } as const;

const INLINE_CSS_ID = 'shell-css';
/** The type of an inlined stylesheet's marker link: not a styling language, so no browser fetches it. */
const INLINED_MARKER_TYPE = 'text/x-inlined';

/** In the browser: the CSS the server inlined, as hydration must render it again. */
export const inlinedCss = (): string => document.getElementById(INLINE_CSS_ID)?.textContent ?? '';

/** In the browser: the boot state's data blocks as the server wrote them, as hydration must render them again. */
export const bootBlocks = (): BootParts => ({
  shared: document.getElementById(BOOT_IDS.shared)?.textContent ?? '',
  own: document.getElementById(BOOT_IDS.own)?.textContent ?? '',
});

/** In the browser: the page's start scripts as the server wrote them, as hydration must render them again. */
export const pageStart = (): PageStart => ({
  script: document.getElementById(START_IDS.script)?.textContent ?? '',
  entry: document.getElementById(START_IDS.entry)?.getAttribute('src') ?? '',
});

/** The whole document, rendered on the server and hydrated in the browser. */
export function App({ runtime, boot, bootParts, i18n, inlineCss, start, nonce }: AppProps) {
  const { head } = boot;
  const inlined = head.inlineCss === true && inlineCss !== undefined;
  const locale = runtime.env.locale;
  return (
    <I18nextProvider i18n={i18n}>
      <ShellProvider runtime={runtime}>
        <html lang={locale.html} dir={locale.dir}>
          <head>
            <meta charSet="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <title>{head.title}</title>
            <meta name="description" content={head.description} />
            {/* This build's id and date: monitoring tags its reports with them (spec 000 §9). */}
            <meta name={RELEASE_META} content={releaseMetaContent(BUILD_RELEASE)} />
            {head.noindex && <meta name="robots" content="noindex, follow" />}
            <link rel="canonical" href={head.canonical} />
            {head.alternates.map((a) => (
              <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
            ))}
            <meta property="og:site_name" content={head.og.site_name} />
            <meta property="og:title" content={head.title} />
            <meta property="og:url" content={head.canonical} />
            <meta property="og:image" content={head.og.image} />
            <meta name="theme-color" content={boot.theme === 'dark' ? '#0b0e14' : '#ffffff'} />
            <link rel="icon" href="/static/favicon.svg" type="image/svg+xml" />
            {/* First paint needs no stylesheet request: the CSS is inline, and each file's link stays as a marker so a
                lazy chunk's loader sees the file is there and does not add it again. Disabled is not enough to keep a
                browser from fetching it (Chromium 150 does); a type other than text/css is. */}
            {inlined && <style id={INLINE_CSS_ID} dangerouslySetInnerHTML={{ __html: inlineCss }} />}
            {head.stylesheets.map((href) => (
              <link key={href} rel="stylesheet" href={href} {...(inlined ? ({ disabled: true, type: INLINED_MARKER_TYPE } as object) : {})} />
            ))}
            {head.modulepreload.map((href) => (
              <link key={href} rel="modulepreload" href={href} />
            ))}
            {/* A logged-in page is resumed with the user's parts after the rest (server/prerender.ts): the browser
                paints nothing before the start script that puts them in place, so the first paint is the final one. */}
            {boot.data.user.isLogin && <link rel="expect" href={`#${START_IDS.script}`} blocking="render" />}
          </head>
          <body className={`${riseClass(locale)} theme-${boot.theme}`}>
            <Layout boot={boot} />
            {/* Each response's own: a prerendered page leaves them a hole its responses fill. */}
            <PerRequest>
              {/* Data, not code (JSON escaped for a script element: serializeBootParts); read by the start script. */}
              <script type="application/json" id={BOOT_IDS.shared} dangerouslySetInnerHTML={{ __html: bootParts.shared }} />
              <script type="application/json" id={BOOT_IDS.own} dangerouslySetInnerHTML={{ __html: bootParts.own }} />
              {/* The browser hides a nonce once the element is parsed: hydration finds none to compare. */}
              <script id={START_IDS.script} nonce={nonce} dangerouslySetInnerHTML={{ __html: start.script }} suppressHydrationWarning />
              {/* An async module, which React sends ahead of this part: it loads while the rest arrives, runs without
                  waiting for the document's end, and waits for the start script's boot state (bootState). */}
              <script id={START_IDS.entry} type="module" async src={start.entry} nonce={nonce} suppressHydrationWarning />
            </PerRequest>
          </body>
        </html>
      </ShellProvider>
    </I18nextProvider>
  );
}
