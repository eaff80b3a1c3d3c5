import { localePath, safeLink, useObservable, usePlugin, usePluginT, useService, useShell } from '../../core/plugin-api';
import { Dialog, SafeHtml, toast } from '../../kit';
import { LEGAL_CONTROLLER } from './controller';
import type { LegalOptions } from './options';
import './legal.css';

/** The user agreement update: the server's content (sanitized), a link to the full text, and the submit button. */
export function AgreementDialog() {
  const { t } = usePluginT();
  const { env } = useShell();
  const { options } = usePlugin<LegalOptions>();
  const c = useService(LEGAL_CONTROLLER);
  const view = useObservable(c.agreement$, c.agreement$.value);
  if (!view.show) return null;
  const hosts = env.region.allowedLinkHosts;
  const full = safeLink(env.region.docs?.agreement, hosts);
  const submit = async () => {
    if (!(await c.submitAgreement())) toast.error(env.bus, t('submitFailed'));
  };
  return (
    <Dialog
      title={t('agreement.title')}
      size="lg"
      className="legal legal--agreement"
      onClose={options.agreement.closable ? () => c.closeAgreement() : undefined}
      closeLabel={t('close')}
      actions={
        <button type="button" className="shell-btn shell-btn--primary shell-btn--lg" disabled={view.submitting} aria-busy={view.submitting} onClick={submit}>
          {view.submitButton || t('agreement.submit')}
        </button>
      }
    >
      <p className="legal__lead">{t('agreement.lead')}</p>
      <div className="legal__doc" tabIndex={0} role="region" aria-label={t('agreement.contentLabel')}>
        <SafeHtml html={view.content} allowedHosts={hosts} />
      </div>
      {full && (
        <p className="legal__more">
          <a href={full.startsWith('/') ? localePath(env.langPrefix, full) : full} target="_blank" rel="noopener noreferrer">
            {t('agreement.readFull')}
          </a>
        </p>
      )}
    </Dialog>
  );
}
