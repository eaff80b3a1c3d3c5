/** A node of a nested menu tree (header navigation, side menus). */
export interface MenuNode {
  code: string;
  hidden?: boolean;
  children?: MenuNode[];
}

export interface MenuHideOptions {
  /** A node whose children are all hidden is hidden itself. */
  secondNavHidden?: boolean;
}

/**
 * Spec 000 §5: follows a path of codes through nested nodes; a missing node means shown, a hidden flag hides,
 * and with secondNavHidden a node with no visible children is hidden.
 */
export function isMenuItemHidden(tree: MenuNode[], codePath: string[], options: MenuHideOptions = {}): boolean {
  let level: MenuNode[] | undefined = tree;
  let node: MenuNode | undefined;
  for (const code of codePath) {
    node = level?.find((n) => n.code === code);
    if (!node) return false;
    if (node.hidden) return true;
    level = node.children;
  }
  if (!node) return false;
  if (options.secondNavHidden && node.children && node.children.length > 0) {
    return node.children.every((child) => isMenuItemHidden(node.children!, [child.code], options));
  }
  return false;
}

/** Spec 000 §5 condition P: a flag is set, days is 10 or less, and the status is not '3'. */
export function conditionP(input: { flag: unknown; days: number; status: string | number }): boolean {
  return Boolean(input.flag) && Number.isFinite(input.days) && input.days <= 10 && String(input.status) !== '3';
}

/** A menu node carrying a compliance code; its `hidden` flag is set from the compliance `menu` list. */
export interface CodedMenuNode<T> extends MenuNode {
  item: T;
  children?: Array<CodedMenuNode<T>>;
}

/** Marks every node whose code is in the compliance `menu` list (disabled feature codes) as hidden, recursively. */
export function withComplianceFlags<T>(tree: Array<CodedMenuNode<T>>, disabled: readonly string[]): Array<CodedMenuNode<T>> {
  return tree.map((n) => ({
    ...n,
    hidden: Boolean(n.hidden) || disabled.includes(n.code),
    ...(n.children ? { children: withComplianceFlags(n.children, disabled) } : {}),
  }));
}

/**
 * The visible part of a menu: every node is kept or dropped by `isMenuItemHidden` (its code path from the root),
 * so nested nodes, hidden flags and the second-nav-hidden option follow spec 000 §5 in one place.
 */
export function visibleMenu<T>(
  tree: Array<CodedMenuNode<T>>,
  options: MenuHideOptions = {},
  root: Array<CodedMenuNode<T>> = tree,
  path: string[] = [],
): Array<CodedMenuNode<T>> {
  return tree
    .filter((n) => !isMenuItemHidden(root, [...path, n.code], options))
    .map((n) => (n.children ? { ...n, children: visibleMenu(n.children, options, root, [...path, n.code]) } : n));
}
