import type { MenuName, MenuEntry } from '../../core/plugin-api';
import { useNamespaceT, useObservable, useShell, useShellData, localePath } from '../../core/plugin-api';
import type { SideMenuItem } from './SideMenuLayout';
import { MenuIcon } from './MenuIcon';
import { visibleMenuEntries } from './menu-rule';

/**
 * A side menu's entries: those the active plugins declare (`menuEntries`, labels in their namespaces) and
 * the region config's `menus[name]` (pages served outside the shell, labels in `shell`), by `order`; an entry with a
 * compliance menu code the region's compliance answer disables is left out by the core menu rule (`visibleMenuEntries`).
 */
export function useMenuItems(name: MenuName): SideMenuItem[] {
  const { i18n } = useNamespaceT('shell');
  const { env, activation } = useShell();
  const { compliance } = useShellData();
  const { path } = useObservable(env.state.route$, env.state.route$.value);
  const fromRegion: MenuEntry[] = (env.region.menus?.[name] ?? []).map((item) => ({ pluginId: null, item }));
  const entries = [...activation.menus[name], ...fromRegion].sort((a, b) => (a.item.order ?? 0) - (b.item.order ?? 0));
  return visibleMenuEntries(entries, compliance.menu).map(({ pluginId, item }) => {
    const match = item.match ?? item.path;
    return {
      key: item.key,
      label: i18n.t(item.label, { ns: pluginId ?? 'shell' }),
      href: localePath(env.langPrefix, item.path),
      icon: item.icon ? <MenuIcon d={item.icon} /> : undefined,
      active: path === match || path.startsWith(`${match}/`),
    };
  });
}
