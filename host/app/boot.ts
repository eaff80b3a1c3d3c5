import type { Resource } from 'i18next';
import type { RegionConfig } from '../../core/config/region';
import type { ShellData } from '../../core/data/types';
import type { RegionPlan } from '../../core/registry/plan';
import type { RouteState } from '../../core/state/shell-state';

/** Everything the server hands the browser for hydration (serialized as window.__SHELL__). */
export interface BootState {
  region: RegionConfig;
  /** Region key -> production domain, for cross-region links. */
  regionDomains: Record<string, string>;
  plan: RegionPlan;
  locale: string;
  langPrefix: string;
  route: RouteState;
  data: ShellData;
  loaderData: Record<string, unknown>;
  i18n: { inline: Resource; namespaces: string[]; loadPaths: string[] };
  viewportWidth: number;
  inApp: boolean;
  mobileAgent: boolean;
  theme: 'light' | 'dark';
  status: number;
  head: PageHead;
  /** On a *.localhost development host: its port part (':3000' or ''); null in production. */
  devPort: string | null;
}

export interface PageHead {
  title: string;
  description: string;
  canonical: string;
  alternates: Array<{ hreflang: string; href: string }>;
  noindex: boolean;
  stylesheets: string[];
  modulepreload: string[];
  /** Open-graph values (og_show may override them). */
  og: { site_name: string; image: string };
}

/** JSON safe to put inside a <script> element. */
export function serializeBoot(state: BootState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Origin of a region's site: the dev host on localhost, else its production domain. */
export function regionOriginFor(key: string, domains: Record<string, string>, devPort: string | null): string {
  if (devPort !== null) return `http://${key === 'main' ? 'localhost' : `${key}.localhost`}${devPort}`;
  return `https://${domains[key] ?? domains.main}`;
}
