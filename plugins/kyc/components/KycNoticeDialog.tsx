import { useEffect } from 'react';
import { localePath, safeLink, usePlugin, usePluginT, useShell, useShellData } from '../../../core/plugin-api';
import { Dialog, SafeHtml } from '../../../kit';
import type { NoticeDecision } from '../services/notice';
import { KYC_PATHS, helpArticle, upgradeTarget, type KycOptions } from '../services/rules';
import './kyc-notice.css';

type RiskDecision = Extract<NoticeDecision, { kind: 'risk' }>;

/** A same-site path under the locale prefix; other (already checked) URLs unchanged. */
function sitePath(langPrefix: string, url: string): string {
  if (!url.startsWith('/') || !langPrefix || url === langPrefix || url.startsWith(`${langPrefix}/`)) return url;
  return localePath(langPrefix, url);
}

/** The KYC or risk notice chosen by `decideNotice`; remembers it was shown in its cookie. */
export function KycNoticeDialog({ decision, dismiss }: { decision: NoticeDecision; dismiss: () => void }) {
  const { env } = useShell();
  useEffect(() => {
    if (decision.cookie) env.cookies.set(decision.cookie.name, String(Date.now()), { maxAge: decision.cookie.maxAge });
  }, [decision, env]);
  return decision.kind === 'risk' ? <RiskNotice decision={decision} dismiss={dismiss} /> : <UpgradeNotice dismiss={dismiss} />;
}

/** Spec 001 §4 risk-user notice: closable only when the server says so (no close control, no Escape otherwise). */
function RiskNotice({ decision, dismiss }: { decision: RiskDecision; dismiss: () => void }) {
  const { t } = usePluginT();
  const { env } = useShell();
  const hosts = env.region.allowedLinkHosts ?? [];
  const target = sitePath(env.langPrefix, safeLink(decision.url, hosts) ?? KYC_PATHS.home);
  const onClose = decision.closable ? dismiss : undefined;
  return (
    <Dialog
      title={t('risk.title')}
      onClose={onClose}
      closeLabel={t('close')}
      className="kyc-notice kyc-notice--risk"
      actions={
        <>
          {onClose && (
            <button type="button" className="shell-btn shell-btn--ghost" onClick={onClose}>
              {t('later')}
            </button>
          )}
          <a className="shell-btn shell-btn--primary" href={target}>
            {t('risk.action')}
          </a>
        </>
      }
    >
      {decision.message ? (
        <SafeHtml className="kyc-notice__message" html={decision.message} allowedHosts={hosts} />
      ) : (
        <p className="kyc-notice__message">{t('risk.message')}</p>
      )}
    </Dialog>
  );
}

/** Spec 001 §4 KYC upgrade notice (once per 12 hours): the next level first, every KYC page and the help article. */
function UpgradeNotice({ dismiss }: { dismiss: () => void }) {
  const { t } = usePluginT();
  const { env } = useShell();
  const { options } = usePlugin<KycOptions>();
  const { user } = useShellData();
  const p = (path: string) => localePath(env.langPrefix, path);
  const next = upgradeTarget(user.verified);
  const help = helpArticle({ inApp: env.state.inApp, langPrefix: env.langPrefix, articles: options.helpArticles });
  const levels = [
    { key: 'home', path: KYC_PATHS.home },
    { key: 'kyc2', path: KYC_PATHS.kyc2 },
    { key: 'kyc3', path: KYC_PATHS.kyc3 },
  ];
  return (
    <Dialog
      title={t('upgrade.title')}
      onClose={dismiss}
      closeLabel={t('close')}
      className="kyc-notice"
      actions={
        <>
          <button type="button" className="shell-btn shell-btn--ghost" onClick={dismiss}>
            {t('later')}
          </button>
          <a className="shell-btn shell-btn--primary" href={p(next)}>
            {t('upgrade.action')}
          </a>
        </>
      }
    >
      <p className="kyc-notice__message">{t('upgrade.message')}</p>
      <ul className="kyc-notice__levels">
        {levels.map((l) => (
          <li key={l.key}>
            <a href={p(l.path)} aria-current={l.path === next ? 'step' : undefined}>
              <strong>{t(`upgrade.levels.${l.key}.name`)}</strong>
              <span>{t(`upgrade.levels.${l.key}.desc`)}</span>
            </a>
          </li>
        ))}
      </ul>
      <p className="kyc-notice__help">
        <a href={help}>{t('upgrade.help')}</a>
      </p>
    </Dialog>
  );
}
