import { useNamespaceT, useShell } from '../../core/react/context';
import { localePath } from '../../core/router/paths';
import type { NavNode } from './nav-model';

/**
 * The header navigation's visible entries (already filtered by the compliance menu rule). A first-level entry with
 * a second level shows it as a sub-list: on desktop a panel opened by hover or keyboard focus, on mobile indented.
 */
export function NavLinks({ nodes, variant }: { nodes: NavNode[]; variant: 'desktop' | 'mobile' }) {
  const { t } = useNamespaceT('header');
  const { env } = useShell();
  const href = (path: string) => localePath(env.langPrefix, path);
  return (
    <>
      {nodes.map((n) => {
        const link = (
          <a href={href(n.item.path)} data-nav={n.code} {...(variant === 'desktop' ? { 'data-track': `header.nav.${n.item.key}` } : {})}>
            {t(`nav.${n.item.key}`)}
          </a>
        );
        if (!n.children?.length)
          return (
            <span key={n.code} className="shell-nav__item">
              {link}
            </span>
          );
        return (
          <span key={n.code} className="shell-nav__item shell-nav__item--group">
            {link}
            <ul className="shell-nav__sub" role="list" aria-label={t(`nav.${n.item.key}`)}>
              {n.children.map((c) => (
                <li key={c.code}>
                  <a href={href(c.item.path)} data-nav={c.code}>
                    {t(`nav.${c.item.key}`)}
                  </a>
                </li>
              ))}
            </ul>
          </span>
        );
      })}
    </>
  );
}
