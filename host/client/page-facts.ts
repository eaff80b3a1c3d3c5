import type { LocaleInfo } from '../../core/i18n/locales';
import type { PluginDefinition } from '../../core/plugin/types';
import type { RegionPlan } from '../../core/registry/plan';
import type { ShellBus } from '../../core/state/bus';
import type { Monitor } from '../../core/util/monitoring';
import type { BootState } from '../app/boot';

/** The page as the server described it: its plan, and which plugins come before hydrating, after it, or never. */
export interface PageFacts {
  boot: BootState;
  locale: LocaleInfo;
  /** The plugins the server's first render needed: loaded and activated before hydrating; the others after it. */
  firstRender: ReadonlySet<string>;
  /** The page's plan less the plugins with nothing to do in its browser (`boot.serverOnly`: never loaded). */
  browserPlan: RegionPlan;
  monitor: Monitor;
  bus: ShellBus;
  /** Delivers the events held since start-up (once every plugin is active). */
  endStartUp: () => void;
  loadDefinition: (id: string) => Promise<PluginDefinition<any> | null>;
}
