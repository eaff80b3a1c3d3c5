/** The build's release: its id (package version, plus `+<commit>` when the build knew it) and build date (ISO UTC). */
export interface Release {
  id: string;
  date: string;
}

/** Defined by the build (vite.config.ts `define`, from tools/release.mjs); absent where no build ran (tsx tools). */
declare const __SHELL_RELEASE__: Release | undefined;

/** This build's release; `dev` with no date where the code runs unbuilt. */
export const BUILD_RELEASE: Release = typeof __SHELL_RELEASE__ === 'object' && __SHELL_RELEASE__ ? __SHELL_RELEASE__ : { id: 'dev', date: '' };

/** Name of the page's `<meta>` that carries the release (spec 000 §9: the release date comes from page info). */
export const RELEASE_META = 'release';

/** The meta's content: `<id> <date>` (`0.1.0+a12621f 2026-11-26T05:34:12Z`). */
export const releaseMetaContent = (r: Release): string => `${r.id} ${r.date}`.trim();
