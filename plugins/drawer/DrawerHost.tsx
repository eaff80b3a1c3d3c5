import { useEffect, useReducer, useRef } from 'react';
import { lazyView, usePluginT, useShell, reloadOnceOnMissingChunk } from '../../core/plugin-api';
import { drawerReducer, isMounted, isShown, UNMOUNT_DELAY_MS } from './drawer-state';

/** Never server-rendered: its code loads when the drawer is first asked for. */
export const DepositDrawer = lazyView(() => import('./DepositDrawer').then((m) => m.DepositDrawer));

/**
 * Owns the deposit drawer's life cycle: opens on the 'drawer:open' bus event (visitors are sent to log in),
 * slides in on the next frames, slides out on close and unmounts UNMOUNT_DELAY_MS later.
 */
export function DrawerHost() {
  const { env, activation } = useShell();
  const [phase, dispatch] = useReducer(drawerReducer, 'closed');
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const open = () => {
      if (!env.state.data.user.isLogin) {
        if (activation.active.includes('auth')) env.bus.emit('auth:open', { mode: 'login' });
        else window.location.assign(env.href('/login'));
        return;
      }
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // Slides in once its code is there (at once after the first time); a chunk gone with a deployment reloads.
      if (DepositDrawer.loaded) dispatch('open');
      else
        DepositDrawer.preload().then(
          () => dispatch('open'),
          (err: unknown) => reloadOnceOnMissingChunk(err),
        );
    };
    env.bus.on('drawer:open', open);
    return () => env.bus.off('drawer:open', open);
  }, [env, activation]);

  useEffect(() => {
    if (phase === 'entering') {
      let second = 0;
      const first = requestAnimationFrame(() => (second = requestAnimationFrame(() => dispatch('entered'))));
      return () => {
        cancelAnimationFrame(first);
        cancelAnimationFrame(second);
      };
    }
    if (phase === 'leaving') {
      const timer = setTimeout(() => dispatch('unmount'), UNMOUNT_DELAY_MS);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [phase]);

  const close = () => {
    dispatch('close');
    opener.current?.focus();
  };

  return isMounted(phase) ? <DepositDrawer shown={isShown(phase)} onClose={close} /> : null;
}

/** The header's Deposit button (logged-in users): asks for the drawer over the bus. */
export function DepositButton() {
  const { t } = usePluginT();
  const { env } = useShell();
  return (
    <button type="button" className="shell-btn shell-btn--primary drawer-button" aria-haspopup="dialog" onClick={() => env.bus.emit('drawer:open')}>
      {t('button')}
    </button>
  );
}
