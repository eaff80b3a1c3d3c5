import { useState } from 'react';
import { usePluginT, useShell, type SlotItemProps } from '../../../core/plugin-api';
import { Dialog, SafeHtml } from '../../../kit';
import { linkifyContent, okTarget, type BusinessMessage } from '../rules/business';
import type { ComplianceController } from '../services/controller';
import './compliance.css';

/** A server title as plain text (tags dropped; React escapes the rest). */
export function plainText(s: string): string {
  return s
    .replace(/<[^>]*>?/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Server links of a message that its content does not name, as safe links (a refused one is plain text). */
export function BusinessLinks({ links }: { links: Array<{ key: string; href: string | null }> }) {
  if (links.length === 0) return null;
  return (
    <ul className="compliance-business__links">
      {links.map((l) => (
        <li key={l.key}>
          {l.href ? (
            <a href={l.href} rel="noopener noreferrer" {...(l.href.startsWith('/') ? {} : { target: '_blank' })}>
              {l.key}
            </a>
          ) : (
            <span>{l.key}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** One business message: sanitized content, safe links, OK (follows a safe router only), cancel, close. */
function BusinessMessageDialog({ message, onDone }: { message: BusinessMessage; onDone: () => void }) {
  const { t } = usePluginT();
  const { env } = useShell();
  const hosts = env.region.allowedLinkHosts;
  const { html, rest } = linkifyContent(message.content, message.text_link, hosts);
  const target = okTarget(message.ok_button_router, hosts, env.langPrefix);
  const onOk = () => {
    onDone();
    if (target) window.location.assign(target);
  };
  const title = plainText(message.title) || (message.reminder ? t('business.reminderTitle') : t('business.title'));
  return (
    <Dialog
      title={title}
      onClose={message.no_close_button ? undefined : onDone}
      closeLabel={t('common.close')}
      className={`compliance-business compliance-business--${message.reminder ? 'reminder' : 'message'}`}
      actions={
        <>
          {message.cancel_button && (
            <button type="button" className="shell-btn shell-btn--ghost" onClick={onDone}>
              {message.cancel_button}
            </button>
          )}
          <button type="button" className="shell-btn shell-btn--primary" onClick={onOk}>
            {message.ok_button || t('business.ok')}
          </button>
        </>
      }
    >
      <SafeHtml html={html} allowedHosts={hosts} className="compliance-business__content" />
      <BusinessLinks links={rest} />
    </Dialog>
  );
}

/** The business messages shown as dialogs, one after the other; then hands the queue on. */
export function BusinessDialogs({ controller, dismiss }: SlotItemProps & { controller: ComplianceController }) {
  const [list] = useState(() => controller.dialogMessages());
  const [index, setIndex] = useState(0);
  const message = list[index];
  if (!message) return null;
  const done = () => {
    controller.businessDone(message.id);
    if (index + 1 >= list.length) dismiss();
    else setIndex(index + 1);
  };
  return <BusinessMessageDialog key={message.id} message={message} onDone={done} />;
}
