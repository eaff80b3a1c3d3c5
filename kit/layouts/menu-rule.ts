import type { MenuEntry } from '../../core/plugin-api';
import { visibleMenu, withComplianceFlags, type CodedMenuNode, type MenuHideOptions } from '../domain/menu';

/**
 * The side-menu entries a user sees, by the core menu rule the header navigation uses (spec 000 §5): entries whose
 * compliance code is in the `menu` list are flagged hidden (`withComplianceFlags`) and the list is filtered by
 * `visibleMenu` (`isMenuItemHidden`). An entry without a code is never hidden by compliance.
 */
export function visibleMenuEntries(entries: readonly MenuEntry[], disabled: readonly string[], options: MenuHideOptions = {}): MenuEntry[] {
  const tree: Array<CodedMenuNode<MenuEntry>> = entries.map((entry) => ({ code: entry.item.code ?? `~${entry.item.key}`, item: entry }));
  return visibleMenu(withComplianceFlags(tree, disabled), options).map((node) => node.item);
}
