import { useRef, type MouseEvent } from 'react';
import { safeLink, useObservable, usePlugin, usePluginT, useService, useShell, type SlotItemProps } from '../../core/plugin-api';
import { Dialog } from '../../kit';
import { IP_CHECK_CONTROLLER } from './check';
import type { IpCheckOptions } from './options';
import { upgradeHref } from './reply';
import './ip-check.css';

/** The VPN notice (result 3 or 0): accept, or cancel (which leads to the upgrade prompt). */
function VpnDialog({ title, onCancel, onAccept }: { title: string; onCancel: () => void; onAccept: () => void }) {
  const { t } = usePluginT();
  return (
    <Dialog
      title={title}
      className="ip-check ip-check--vpn"
      size="sm"
      onClose={onCancel}
      closeLabel={t('close')}
      actions={
        <>
          <button type="button" className="shell-btn shell-btn--ghost" onClick={onCancel}>
            {t('cancel')}
          </button>
          <button type="button" className="shell-btn shell-btn--primary" onClick={onAccept}>
            {t('ipqs.accept')}
          </button>
        </>
      }
    >
      <div className="ip-check__icon" aria-hidden="true">
        !
      </div>
      <p className="ip-check__text">{t('ipqs.vpn_tips')}</p>
    </Dialog>
  );
}

/** The IP check dialogs: upgrade prompt (2), VPN notice (3 or 0), detection block (4, not closable). */
export function IpCheckDialog(_: SlotItemProps) {
  const { t } = usePluginT();
  const { env } = useShell();
  const { options } = usePlugin<IpCheckOptions>();
  const controller = useService(IP_CHECK_CONTROLLER);
  const { dialog, data } = useObservable(controller.view$, controller.view$.value);
  const reported = useRef(false);
  if (dialog === 'none' || !data) return null;
  const title = t('ipqs.dear_user');

  if (dialog === 'blocked') {
    return (
      <Dialog title={title} className="ip-check ip-check--blocked" size="sm">
        <div className="ip-check__icon ip-check__icon--danger" aria-hidden="true">
          !
        </div>
        <p className="ip-check__text">{t('ipqs.detection')}</p>
      </Dialog>
    );
  }

  if (dialog === 'vpn') return <VpnDialog title={title} onCancel={() => controller.cancel()} onAccept={() => void controller.accept()} />;

  const href = upgradeHref(data.url, options.upgradePath, env.langPrefix, (u) => safeLink(u, env.region.allowedLinkHosts ?? []));
  const close = data.closable ? () => controller.closeUpgrade() : undefined;
  // Report the answer first, then follow the link with a fresh click (so the app's native KYC route still applies).
  const upgrade = (e: MouseEvent<HTMLAnchorElement>) => {
    if (reported.current || !controller.reports('upgradeAccept') || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    const link = e.currentTarget;
    void controller.answer('upgradeAccept').then(() => {
      reported.current = true;
      link.click();
    });
  };
  return (
    <Dialog
      title={title}
      className="ip-check ip-check--upgrade"
      size="sm"
      onClose={close}
      closeLabel={t('close')}
      actions={
        <>
          {close && (
            <button type="button" className="shell-btn shell-btn--ghost" onClick={close}>
              {t('later')}
            </button>
          )}
          <a className="shell-btn shell-btn--primary" href={href} onClick={upgrade}>
            {t('ipqs.upgrade')}
          </a>
        </>
      }
    >
      <div className="ip-check__icon" aria-hidden="true">
        !
      </div>
      <p className="ip-check__text">{t('ipqs.accessing')}</p>
    </Dialog>
  );
}
