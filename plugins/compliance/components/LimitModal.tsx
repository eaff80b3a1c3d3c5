import { useEffect } from 'react';
import { safeLink, useObservable, usePluginT, useShell, type SlotItemProps } from '../../../core/plugin-api';
import { Dialog } from '../../../kit';
import { okTarget } from '../rules/business';
import { splitPlaceholders } from '../rules/limit-modal';
import type { ComplianceController } from '../services/controller';
import './compliance.css';

/**
 * The compliance limit modal (spec 001 §2-§4): the tip's texts and links; closes by button or outside click. The
 * modal queue mounts it only when it is the dialog shown, so mounting is what counts a show.
 */
export function LimitModal({ controller, dismiss }: SlotItemProps & { controller: ComplianceController }) {
  const { t } = usePluginT();
  const { env } = useShell();
  const tip = useObservable(controller.limitTip$, null);
  useEffect(() => {
    if (tip) controller.limitModalShown();
  }, [tip, controller]);
  if (!tip) return null;
  const hosts = env.region.allowedLinkHosts;
  const server = tip.source === 'server';
  const content = server && tip.content ? tip.content : t('limitModal.content');
  const parts = splitPlaceholders(content, tip.text_link);
  const target = okTarget(tip.ok_button_router, hosts, env.langPrefix);
  const onOk = () => {
    dismiss();
    if (target) window.location.assign(target);
  };
  return (
    <Dialog
      title={(server && tip.title) || t('limitModal.title')}
      onClose={dismiss}
      closeOnBackdrop
      closeLabel={t('common.close')}
      className="compliance-limit"
      size="sm"
      actions={
        <button type="button" className="shell-btn shell-btn--primary" onClick={onOk}>
          {(server && tip.ok_button) || t('limitModal.ok')}
        </button>
      }
    >
      <p>
        {parts.map((part, i) => {
          const href = part.link ? safeLink(part.link, hosts) : null;
          return href ? (
            <a key={i} href={href} rel="noopener noreferrer">
              {part.text}
            </a>
          ) : (
            <span key={i}>{part.text}</span>
          );
        })}
      </p>
    </Dialog>
  );
}
