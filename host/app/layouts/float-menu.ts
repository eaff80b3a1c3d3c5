import { localePath } from '../../../core/router/paths';
import './float-menu.css';

export interface FloatMenuOptions {
  /** Translates a key of the `shell` namespace (i18next's t for the page language). */
  t: (key: string) => string;
  langPrefix: string;
  /** The app-download page (a site path; the region's `footer.floatMenuDownload`). */
  downloadPath: string;
}

type Key = 'help' | 'tickets' | 'support' | 'fees' | 'download';

/** The quick links: help, tickets, the support chat (new tab), fees, the region's app download page. */
export function floatMenuLinks({
  langPrefix,
  downloadPath,
}: Pick<FloatMenuOptions, 'langPrefix' | 'downloadPath'>): Array<{ key: Key; href: string; newTab?: boolean }> {
  return [
    { key: 'help', href: localePath(langPrefix, '/help') },
    { key: 'tickets', href: localePath(langPrefix, '/myaccount/tickets') },
    { key: 'support', href: '/groupchat/call_service?platform=web', newTab: true },
    { key: 'fees', href: localePath(langPrefix, '/fee') },
    { key: 'download', href: localePath(langPrefix, downloadPath) },
  ];
}

const ROOT_ATTR = 'data-shell-floatmenu';
let mounted: { root: HTMLElement; teardown: () => void } | null = null;

/**
 * The footer float menu: a fixed button at the bottom inline-end corner opening a panel of quick links.
 * Keyboard: the toggle is a button with aria-expanded; Escape or a click outside closes and focus returns.
 * Mounting twice keeps the first; the returned function removes the widget and its listeners.
 */
export function mountFloatMenu(doc: Document, options: FloatMenuOptions): () => void {
  if (mounted && doc.contains(mounted.root)) return mounted.teardown;
  const L = (key: string) => options.t(`layout.floatMenu.${key}`);
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, cls: string, attrs: Record<string, string> = {}) => {
    const node = doc.createElement(tag);
    node.className = cls;
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    return node;
  };
  const root = el('div', 'shell-floatmenu', { [ROOT_ATTR]: '' });
  const panelId = 'shell-floatmenu-panel';
  const panel = el('div', 'shell-floatmenu__panel', { id: panelId, role: 'region', 'aria-label': L('title') });
  panel.hidden = true;
  const heading = el('p', 'shell-floatmenu__title');
  heading.textContent = L('title');
  const list = el('ul', 'shell-floatmenu__list', { role: 'list' });
  for (const link of floatMenuLinks(options)) {
    const a = el('a', 'shell-floatmenu__link', { href: link.href, 'data-key': link.key });
    if (link.newTab) Object.assign(a, { target: '_blank', rel: 'noopener noreferrer' });
    a.textContent = L(link.key);
    const li = el('li', '');
    li.append(a);
    list.append(li);
  }
  const top = el('button', 'shell-floatmenu__link shell-floatmenu__top', { type: 'button', 'data-key': 'top' });
  top.textContent = L('top');
  const topLi = el('li', '');
  topLi.append(top);
  list.append(topLi);
  panel.append(heading, list);
  const toggle = el('button', 'shell-floatmenu__toggle', { type: 'button', 'aria-expanded': 'false', 'aria-controls': panelId, 'aria-label': L('open') });
  toggle.innerHTML =
    '<svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24"><path fill="currentColor" d="M4 5h16v2H4zm0 6h16v2H4zm0 6h16v2H4z"/></svg>';
  root.append(panel, toggle);

  const setOpen = (open: boolean, focusToggle = false) => {
    panel.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', open ? L('close') : L('open'));
    root.classList.toggle('is-open', open);
    if (open) panel.querySelector<HTMLElement>('a, button')?.focus();
    else if (focusToggle) toggle.focus();
  };
  const onToggle = () => setOpen(panel.hidden);
  const onTop = () => {
    doc.defaultView?.scrollTo({ top: 0, behavior: 'smooth' });
    setOpen(false, true);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !panel.hidden) setOpen(false, true);
  };
  const onOutside = (e: Event) => {
    if (!panel.hidden && !root.contains(e.target as Node)) setOpen(false);
  };
  toggle.addEventListener('click', onToggle);
  top.addEventListener('click', onTop);
  root.addEventListener('keydown', onKey);
  doc.addEventListener('pointerdown', onOutside);
  // The host's floating stack keeps it above the other floating widgets; the body when there is none.
  (doc.querySelector('[data-floating-menu]') ?? doc.body).append(root);

  const teardown = () => {
    toggle.removeEventListener('click', onToggle);
    top.removeEventListener('click', onTop);
    root.removeEventListener('keydown', onKey);
    doc.removeEventListener('pointerdown', onOutside);
    root.remove();
    if (mounted?.root === root) mounted = null;
  };
  mounted = { root, teardown };
  return teardown;
}
