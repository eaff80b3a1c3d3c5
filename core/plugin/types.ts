import type { ComponentType } from 'react';
import type { Observable } from 'rxjs';
import type { SiteFacts } from '../config/region';
import type { MenuItem } from './menus';
import type { MenuDeclaration, MenuName, SlotDeclaration, SlotName } from './slots';
import type { LoaderRef, PluginRef, ServiceRef, StreamRef } from './refs';
import type { Delivery } from './delivery';
import type { ShellEnv } from './env';

/**
 * Levels of the modal queue (higher shows first); a plugin picks the level of each dialog by what it asks of the
 * visitor: `blocking` (the site cannot be used until answered), `critical` (legal or regulatory notices), `high`
 * (agreements to accept), `elevated` (account safety), `normal` (account tasks), `low` (promotions).
 */
export const MODAL_LEVEL = { blocking: 1000, critical: 900, high: 800, elevated: 700, normal: 600, low: 400 } as const;

export type { MenuItem } from './menus';
export {
  defineMenu,
  defineSlot,
  type MenuDeclaration,
  type MenuName,
  type NamesOf,
  type PoliciesOf,
  type SlotDeclaration,
  type SlotName,
  type SlotPolicy,
} from './slots';

export type { ShellEnv } from './env';

export interface SlotItemProps {
  /** Removes this item for the rest of the page view (queue and single slots). */
  dismiss: () => void;
}

export interface SlotItem {
  /** Distinguishes several items of one plugin in one slot. */
  key?: string;
  /** Higher comes first (single: wins; queue: shows first). Default 0. */
  priority?: number;
  /**
   * Whether the item wants to show on this request; a boolean or a stream. Default: always. It reads the request
   * through its environment and the services of the active plugins (its own plugin's, provided in `setup`).
   */
  active?: (env: ShellEnv, services: ServiceReader) => boolean | Observable<boolean>;
  /**
   * The server loader whose result this item shows: the item is active only when that loader returned something
   * (and `active` agrees). Where it returned nothing, the page has no trace of the item, and its plugin, unless
   * something else on the page needs it, loads after hydration.
   */
  shows?: LoaderRef<unknown>;
  /**
   * Whether the item depends on the user in a way the page cannot see: its `active` or its view reads the user's
   * fields from the environment, or a service made from the user's data. A page prerendered for every logged-in user
   * then leaves the item's slot a hole each response fills. (A view reading the user through `useShellData`, or a
   * `perUser` loader's result, is a hole by itself; an item that `shows` a `perUser` loader counts as declared.)
   */
  perUser?: boolean;
  render: ComponentType<SlotItemProps>;
}

export interface RouteProps {
  params: Record<string, string>;
}

/** A plugin's entry in a slot: the slot, and the item. */
export interface SlotEntryDef extends SlotItem {
  slot: SlotName;
}

/** A plugin's entry in a side menu: the menu, and the entry. */
export interface MenuEntryDef extends MenuItem {
  menu: MenuName;
}

export interface RouteDef {
  /** Path without the locale prefix: '/404', '/trade/:symbol', '*' (catch-all). */
  path: string;
  component: ComponentType<RouteProps>;
  /** HTTP status the server answers with (default 200). */
  status?: number;
  /** i18n key (in the plugin's namespace) of the document title. */
  titleKey?: string;
}

/** What a guard decides from: the path and the request's environment (its core data is `env.state.data`). */
export interface GuardInput {
  /** Path without the locale prefix. */
  path: string;
  env: ShellEnv;
}

/** A guard's decision with its reason (which field, which rule), as `npm run explain` prints it. */
export interface GuardDecision {
  /** The path to redirect to; absent to let the request through. */
  redirect?: string | null;
  reason: string;
}

/** Returns a path to redirect to (or a decision with its reason), or nothing to let the request through. */
export type Guard = (input: GuardInput) => string | GuardDecision | null | undefined;

/** What a loader runs with: the path, its route's parameters and the request's environment (core data: `env.state.data`). */
export interface LoaderInput {
  path: string;
  params: Record<string, string>;
  env: ShellEnv;
  /** The request's services by ref, as `ctx.get` / `ctx.getOptional` read them. */
  services: ServiceReader;
}

/** Values a loader may put into the page head (the host escapes them; URLs must be https or same-site). */
interface HeadOverrides {
  og?: { site_name?: string; image?: string };
}

export interface LoaderDef<T = unknown> {
  /** The loader's key within its plugin (the ref's part after `<plugin id>/`). */
  key: string;
  /** Runs on the server for every page (or only when `when` says so); must not throw. */
  run: (input: LoaderInput) => Promise<T>;
  when?: (input: LoaderInput) => boolean;
  /** Turns the loader's result into page-head values (open-graph data, ...). */
  head?: (value: T) => HeadOverrides | undefined;
  /**
   * Its result is the user's own (their address, positions, unread count): a page prerendered for every logged-in user
   * is kept without it, and leaves the parts reading it holes each response fills (core/react/per-request.tsx). Left
   * out, the result is part of what the prerendered page is kept by: only a user with the same result shares it.
   */
  perUser?: boolean;
}

/** A declared loader: its ref (declared by the plugin, read with `useLoaderData(ref)`) and its runner. */
export interface LoaderContribution<T> {
  key: LoaderRef<T>;
  run: (input: LoaderInput) => Promise<NoInfer<T>>;
  when?: (input: LoaderInput) => boolean;
  head?: (value: NoInfer<T>) => HeadOverrides | undefined;
  /**
   * Its result is the user's own (their address, positions, unread count): a page prerendered for every logged-in user
   * is kept without it, and leaves the parts reading it holes each response fills (core/react/per-request.tsx). Left
   * out, the result is part of what the prerendered page is kept by: only a user with the same result shares it.
   */
  perUser?: boolean;
}

/** A service class the request container builds (`@injectable()`, dependencies by `@inject(ref)`). */
type ServiceClass<T> = new (...args: any[]) => T;

/** Reads the request's services by ref (a plugin never touches the container itself). */
export interface ServiceReader {
  /** The service under `ref` (built on first use); throws when no active plugin provides it. */
  get<T>(ref: ServiceRef<T>): T;
  /** The service under `ref`, or null while no active plugin provides it (an optional dependency that is off). */
  getOptional<T>(ref: ServiceRef<T>): T | null;
}

/** What `setup` receives: the request environment, its services by ref, and typed contribution helpers. */
export interface PluginContext<O = Record<string, unknown>> extends ShellEnv, ServiceReader {
  readonly id: string;
  readonly options: O;
  /** Publishes a stream under one of this plugin's stream refs. */
  stream<T>(ref: StreamRef<T>, stream: Observable<NoInfer<T>>): void;
  /** Client-only behaviour started after hydration; return its teardown. */
  effect(run: () => void | (() => void)): void;
  /**
   * Registers a request-scoped service under one of this plugin's refs: a class the container builds once per
   * request (dependencies by `@inject(ref)`), or a value made in setup from the request's state.
   */
  provide<T>(ref: ServiceRef<T>, service: ServiceClass<NoInfer<T>> | NoInfer<T>): void;
  /** Registers a teardown run when the page (or request) ends. */
  onTeardown(fn: () => void): void;
}

/** Content-Security-Policy directives a plugin (or a region config) may add sources to: `<kind>-src`, `form-action`. */
export const CSP_SOURCE_KINDS = ['connect', 'img', 'frame', 'script', 'style', 'font', 'media', 'form'] as const;
export type CspSourceKind = (typeof CSP_SOURCE_KINDS)[number];
/** Sources per directive: origins such as `https://collector.example.com` (`https://*.example.com`, `wss://`), or `data:`/`blob:`; scripts take https origins only. */
export type CspSources = Partial<Record<CspSourceKind, string[]>>;
/**
 * A back-end entry page a plugin frames (`<iframe src>`): its exact path, and each query parameter the plugin puts in
 * the URL with the pattern the whole value must match. The API proxy answers 400 to any other query on that path.
 */
export interface FramedEntry {
  path: string;
  query?: Readonly<Record<string, RegExp>>;
}
/** Powerful features a plugin may ask the page's Permissions-Policy to allow (for the site itself only). */
export type BrowserPermission = 'camera' | 'microphone' | 'geolocation';

/** A plugin named in `requires`/`optional`: its ref (`AUTH_PLUGIN`, from its `index.ts`) or its definition. */
export type PluginDependency = PluginRef | Pick<PluginDefinition<any>, 'id' | 'setup'>;

/** What `definePlugin` takes: the definition, with its dependencies as refs (or definitions), never as strings. */
export interface PluginSpec<O = Record<string, unknown>> extends Omit<PluginDefinition<O>, 'requires' | 'optional'> {
  /** Plugins this one needs enabled and activated first. */
  requires?: readonly PluginDependency[];
  /** Plugins this one uses when they are active (soft use: `ctx.getOptional`, `useOptionalService`); activated first. */
  optional?: readonly PluginDependency[];
}

/** A plugin as the registry keeps it (`definePlugin`'s result): its dependencies by id. */
export interface PluginDefinition<O = Record<string, unknown>> {
  id: string;
  /** Ids of the plugins this one needs enabled and activated first. */
  requires?: readonly string[];
  /** Ids of the plugins this one uses when they are active; activated first. */
  optional?: readonly string[];
  /** JSON Schema (2020-12) of the options object; defaults are applied. */
  options?: Record<string, unknown>;
  /**
   * Rules across options that the schema cannot say, run on options the schema accepted (defaults filled): wherever
   * options are checked (a region file, a flag's variant). Each problem's pointer is inside the options object.
   */
  checkOptions?: (options: O) => Array<{ pointer: string; message: string }>;
  /** Translation namespaces (default: the plugin id, when it ships translations). */
  namespaces?: string[];
  /**
   * Third-party origins the plugin's browser code loads from, for the page's Content-Security-Policy. Called once per
   * region at server start with the validated options; the site's own origin ('self') needs no declaration.
   */
  csp?: (options: O, region: SiteFacts) => CspSources;
  /**
   * The back-end entry pages the plugin frames, with the query it builds for them: the API proxy lets these run their
   * own scripts, framed by this site only, and refuses any other query on their paths. Called once per region with the
   * validated options; an entry that is not a same-site path is ignored (another origin is framed by `csp` instead).
   */
  framedEntries?: (options: O, region: SiteFacts) => readonly FramedEntry[];
  /**
   * The pages the plugin answers, as data: decided by its validated options and the region alone, never by the
   * request. The shell reads them once per plan (core/registry/plan-declarations.ts), so a request knows its route before
   * any plugin's setup runs; a plugin whose setup fails on a request answers none of them on that request.
   */
  routes?: (options: O, region: SiteFacts) => readonly RouteDef[];
  /**
   * The plugin's entries in slots (declared by whoever renders them), as data decided like `routes`:
   * `[{ slot: 'modal', key, priority?, active?, shows?, render }]`. What changes per request is `active`'s answer,
   * read from the request's environment and services, never the list.
   */
  slotEntries?: (options: O, region: SiteFacts) => readonly SlotEntryDef[];
  /**
   * The plugin's entries in side menus (declared by whoever renders them), as data decided like `routes`:
   * `[{ menu: 'account', key, label, path, icon?, order? }]`. They show while the plugin runs on the page; put an
   * entry beside the route it links.
   */
  menuEntries?: (options: O, region: SiteFacts) => readonly MenuEntryDef[];
  /**
   * The plugin's server loaders, decided like `routes` (`loader({ key, run, when?, head? })` keeps each one's result
   * typed by its ref): each runs on the server for the pages its `when` accepts, and its result travels in the page.
   */
  loaders?: (options: O, region: SiteFacts) => readonly LoaderContribution<any>[];
  /** The plugin's redirect rules, decided like `routes`: HTTP 302 on the server, the same decision on client navigation. */
  guards?: (options: O, region: SiteFacts) => readonly Guard[];
  /** Features the plugin uses (camera, ...); everything else stays off in the page's Permissions-Policy. */
  permissions?: BrowserPermission[];
  /** How the plugin's code reaches the browser (when it is downloaded and activated); see `Delivery`. */
  delivery?: Delivery<O>;
  /** Slots this plugin's components render (`<Slot name>`), which other plugins fill: `[defineSlot('trade-panel', { policy: 'stack' })]`. */
  slots?: readonly SlotDeclaration[];
  /** Side menus this plugin's pages render, which other plugins add entries to: `[defineMenu('trade-tools')]`. */
  menus?: readonly MenuDeclaration[];
  /** What lives per request: services, streams, effects, slot entries, menus, loaders and guards (absent: nothing). */
  setup?(ctx: PluginContext<O>): void | (() => void);
}
