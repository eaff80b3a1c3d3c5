import { useEffect, useId, useRef } from 'react';
import { usePlugin, usePluginT, useShell, useShellData } from '../../core/plugin-api';
import { drawerGroups, type DepositLink } from './entries';
import { firstFocusable, trapTab } from '../../kit';
import type { DrawerOptions } from './options';
import { MethodIcon } from './MethodIcon';
import './drawer.css';

export interface DepositDrawerProps {
  /** In the on-screen position (false while entering and leaving: the CSS transition slides it). */
  shown: boolean;
  onClose: () => void;
}

/**
 * The deposit drawer (spec 000 §2, title "fund wallet"): a modal side panel on the inline-end side with the
 * "have assets" and "don't have assets" groups. Focus is trapped inside; Escape and the backdrop close it.
 */
export function DepositDrawer({ shown, onClose }: DepositDrawerProps) {
  const { t } = usePluginT();
  const { env } = useShell();
  const { options } = usePlugin<DrawerOptions>();
  const { compliance } = useShellData();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const groups = drawerGroups(env.langPrefix, compliance.menu, options.prefixAllLinks);

  useEffect(() => {
    const root = panel.current;
    (root && (firstFocusable(root) ?? root))?.focus();
    const body = document.body;
    const overflow = body.style.overflow;
    body.style.overflow = 'hidden';
    return () => {
      body.style.overflow = overflow;
    };
  }, []);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
    } else if (panel.current) trapTab(e, panel.current);
  };

  return (
    <div className={`drawer${shown ? ' drawer--open' : ''}`} data-testid="deposit-drawer">
      <div className="drawer__backdrop" aria-hidden="true" onClick={onClose} />
      <div ref={panel} className="drawer__panel" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
        <div className="drawer__head">
          <h2 id={titleId} className="drawer__title">
            {t('title')}
          </h2>
          <button type="button" className="drawer__close" aria-label={t('close')} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {groups.map((g) => (
          <section key={g.key} className="drawer__group" aria-labelledby={`${titleId}-${g.key}`}>
            <h3 id={`${titleId}-${g.key}`} className="drawer__group-title">
              {t(`groups.${g.key}`)}
            </h3>
            <ul className="drawer__list">
              {g.links.map((l) => (
                <DrawerEntry key={l.key} link={l} />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}

function DrawerEntry({ link }: { link: DepositLink }) {
  const { t } = usePluginT();
  return (
    <li>
      <a className="drawer__entry" href={link.href} data-code={link.code}>
        <MethodIcon kind={link.key} coin="USDT" />
        <span className="drawer__entry-text">
          <strong>{t(`methods.${link.key}.title`)}</strong>
          <small>{t(`methods.${link.key}.description`)}</small>
        </span>
        <span className="drawer__chevron" aria-hidden="true">
          ›
        </span>
      </a>
    </li>
  );
}
