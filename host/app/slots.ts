import { collectPlaces, defineMenu, defineSlot, type NamesOf, type PlaceDeclarer, type PoliciesOf } from '../../core/plugin/slots';

/** The slots the host layout renders (Layout, Header, Footer, the home page); plugins fill them with their `slotEntries`. */
const HOST_SLOTS = [
  /** Region / compliance bars above the header: the highest-priority active one only. */
  defineSlot('topbar', { policy: 'single' }),
  /** Sticky notices under the header (KYC tip bar, compliance floating bars): all, ordered. */
  defineSlot('notice', { policy: 'stack' }),
  /** Buttons in the header's action area (Deposit, ...). */
  defineSlot('header-actions', { policy: 'stack' }),
  /** Fixed-position widgets (app bar, chat, cookie bar): all, ordered. */
  defineSlot('floating', { policy: 'stack' }),
  /** Dialogs: one at a time by priority, browser only. */
  defineSlot('modal', { policy: 'queue' }),
  /** Sections of the home page below the hero: a page slot, rendered by the pages whose route lists it; below the fold. */
  defineSlot('home', { policy: 'stack', page: true, deferred: true }),
  /** Extra rows in the footer. */
  defineSlot('footer', { policy: 'stack' }),
] as const;

/** The side menus of the host's page layouts (spec 001 §2); plugins add entries in their `menuEntries`, regions with `menus`. */
const HOST_MENUS = [defineMenu('account'), defineMenu('trade')] as const;

// The types, from the declarations above: a name not declared here or by a plugin does not compile.
declare module '../../core/plugin/slots' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- members come from the declarations
  interface SlotPolicies extends PoliciesOf<typeof HOST_SLOTS> {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- members come from the declarations
  interface MenuNames extends NamesOf<typeof HOST_MENUS> {}
}

/** The host as a declarer, for the plugin catalogue (`new PluginCatalogue(plugins, HOST_PLACES)`) and the browser. */
export const HOST_PLACES: PlaceDeclarer = { id: 'host', slots: HOST_SLOTS, menus: HOST_MENUS };

/** The browser's declarations: the host's and those of the plugins it has loaded so far (not every installed one). */
export const browserPlaces = (loaded: Iterable<PlaceDeclarer>) => collectPlaces([HOST_PLACES, ...loaded], false);
