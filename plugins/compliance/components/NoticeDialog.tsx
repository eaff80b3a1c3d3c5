import type { ReactNode } from 'react';
import { localePath, usePluginT, useShell, useShellData, type SlotItemProps } from '../../../core/plugin-api';
import { Dialog } from '../../../kit';
import { NOTICES, type NoticeId } from '../rules/notices';
import type { ComplianceController } from '../services/controller';
import { RestrictedList } from './RestrictedList';
import './compliance.css';

interface Props extends SlotItemProps {
  id: NoticeId;
  controller: ComplianceController;
}

/** A link button that acknowledges the notice, then lets the browser follow it. */
function Go({ href, label, onGo, primary }: { href: string; label: string; onGo: () => void; primary?: boolean }) {
  return (
    <a className={`shell-btn ${primary ? 'shell-btn--primary' : 'shell-btn--ghost'}`} href={href} onClick={onGo}>
      {label}
    </a>
  );
}

/** What a notice's parts are built from. */
interface NoticeContext {
  t: ReturnType<typeof usePluginT>['t'];
  env: ReturnType<typeof useShell>['env'];
  isLogin: boolean;
  options: ComplianceController['options'];
  site: string;
  /** A path under the page's locale prefix. */
  p: (path: string) => string;
  /** Acknowledges the notice before following a link away. */
  leave: () => void;
}

/** The body and the extra action links of a notice (every notice but the exclusive perk). */
function noticeParts(id: NoticeId, { t, env, isLogin, options, site, p, leave }: NoticeContext): { body: ReactNode; extra: ReactNode } {
  const body: ReactNode = <p>{t(`${key(id)}.body`, { site })}</p>;
  switch (id) {
    case 'restricted':
      return {
        body: (
          <>
            <p>{t('restricted.body')}</p>
            <RestrictedList codes={options.restrictedCountries} locale={env.locale.html} />
          </>
        ),
        extra: isLogin ? (
          <Go href={p('/myaccount/withdraw/USDT')} label={t('restricted.withdraw')} onGo={leave} />
        ) : (
          <Go href={p(env.region.docs.agreement)} label={t('restricted.agreement')} onGo={leave} />
        ),
      };
    case 'uk-closed':
      return {
        body: <p>{t('ukClosed.body', { site, date: formatUtc(UK_CLOSED_FROM, env.locale.html, false) })}</p>,
        extra: <Go href={p('/myaccount/withdraw/USDT')} label={t('ukClosed.assets')} onGo={leave} />,
      };
    case 'uzbekistan':
      return { body: <p>{t('uzbekistan.body', { site, deadline: formatUtc(options.uzbekistanDeadline, env.locale.html) })}</p>, extra: null };
    case 'withdraw-only':
      return { body, extra: <Go href={p('/myaccount/tickets')} label={t('withdrawOnly.ticket')} onGo={leave} /> };
    case 'ip-limit':
      return {
        body,
        extra: (
          <>
            <Go href={p('/login')} label={t('ipLimit.login')} onGo={leave} />
            <Go href={p('/signup')} label={t('ipLimit.signup')} onGo={leave} />
          </>
        ),
      };
    case 'high-kyc':
      return { body, extra: <Go href={p('/myaccount/kyc_home')} label={t('highKyc.verify')} onGo={leave} /> };
    default:
      return { body, extra: null };
  }
}

/** One compliance notice dialog (spec 000 §8 texts), closed by its acknowledge button. */
export function NoticeDialog({ id, controller, dismiss }: Props) {
  const { t } = usePluginT();
  const { env } = useShell();
  const { user } = useShellData();
  const { options } = controller;
  const site = env.region.name;
  const p = (path: string) => localePath(env.langPrefix, path);
  const ack = () => {
    controller.acknowledge(id);
    dismiss();
  };
  const leave = () => controller.acknowledge(id, true);
  const closable = NOTICES[id].closable;
  const okLabel = id === 'account-conflict' ? t('common.gotIt') : t('common.acknowledge');

  if (id === 'exclusive-perk') {
    const amount = new Intl.NumberFormat(env.locale.html, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(options.exclusivePerkUsd);
    return (
      <Dialog
        title={t('perk.title', { amount })}
        onClose={ack}
        closeLabel={t('common.close')}
        className={`compliance-notice compliance-notice--${id}`}
        size="sm"
        actions={<Go href={p(user.isLogin ? '/rewards_hub' : '/signup')} label={t('perk.claim')} onGo={leave} primary />}
      >
        <p className="compliance-perk__amount-line">{t('perk.body', { amount })}</p>
      </Dialog>
    );
  }

  const { body, extra } = noticeParts(id, { t, env, isLogin: user.isLogin, options, site, p, leave });
  return (
    <Dialog
      title={t(`${key(id)}.title`, { site })}
      onClose={closable ? ack : undefined}
      closeLabel={t('common.close')}
      className={`compliance-notice compliance-notice--${id}`}
      actions={
        <>
          {extra}
          <button type="button" className="shell-btn shell-btn--primary" onClick={ack}>
            {okLabel}
          </button>
        </>
      }
    >
      {body}
    </Dialog>
  );
}

/** Translation key prefix of a notice. */
function key(id: NoticeId): string {
  return id.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** Spec 000 §8: UK consumer services closed from 6 October 2023. */
const UK_CLOSED_FROM = '2023-10-06T00:00:00Z';

/**
 * A date (with its UTC time unless `withTime` is false) in the page's language and its default calendar ('1 April
 * 2024, 00:00 UTC'; Thai counts Buddhist-era years): every notice date goes through here, so a page shows one calendar.
 */
function formatUtc(iso: string, locale: string, withTime = true): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  try {
    if (!withTime) return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(d);
    return `${new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC', hourCycle: 'h23' }).format(d)} UTC`;
  } catch {
    return withTime ? `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC` : d.toISOString().slice(0, 10);
  }
}
