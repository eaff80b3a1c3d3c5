import type { ReactNode } from 'react';
import { Dialog, localePath, usePluginT, useShell, useShellData, type SlotItemProps } from '../../../core';
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
  const ok = (
    <button type="button" className="shell-btn shell-btn--primary" onClick={ack}>
      {okLabel}
    </button>
  );
  let body: ReactNode = <p>{t(`${key(id)}.body`, { site })}</p>;
  let extra: ReactNode = null;

  switch (id) {
    case 'restricted':
      body = (
        <>
          <p>{t('restricted.body')}</p>
          <RestrictedList codes={options.restrictedCountries} locale={env.locale.html} />
        </>
      );
      extra = user.isLogin ? (
        <Go href={p('/myaccount/withdraw/USDT')} label={t('restricted.withdraw')} onGo={leave} />
      ) : (
        <Go href={p(env.region.docs.agreement)} label={t('restricted.agreement')} onGo={leave} />
      );
      break;
    case 'uk-closed':
      body = <p>{t('ukClosed.body', { site, date: formatUtc(UK_CLOSED_FROM, env.locale.html, false) })}</p>;
      extra = <Go href={p('/myaccount/withdraw/USDT')} label={t('ukClosed.assets')} onGo={leave} />;
      break;
    case 'uzbekistan':
      body = <p>{t('uzbekistan.body', { site, deadline: formatUtc(options.uzbekistanDeadline, env.locale.html) })}</p>;
      break;
    case 'withdraw-only':
      extra = <Go href={p('/myaccount/tickets')} label={t('withdrawOnly.ticket')} onGo={leave} />;
      break;
    case 'ip-limit':
      extra = (
        <>
          <Go href={p('/login')} label={t('ipLimit.login')} onGo={leave} />
          <Go href={p('/signup')} label={t('ipLimit.signup')} onGo={leave} />
        </>
      );
      break;
    case 'high-kyc':
      extra = <Go href={p('/myaccount/kyc_home')} label={t('highKyc.verify')} onGo={leave} />;
      break;
    case 'exclusive-perk': {
      const amount = new Intl.NumberFormat(env.locale.html, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(options.exclusivePerkUsd);
      body = <p className="compliance-perk__amount-line">{t('perk.body', { amount })}</p>;
      return (
        <Dialog
          title={t('perk.title', { amount })}
          onClose={ack}
          closeLabel={t('common.close')}
          className={`compliance-notice compliance-notice--${id}`}
          size="sm"
          actions={<Go href={p(user.isLogin ? '/rewards_hub' : '/signup')} label={t('perk.claim')} onGo={leave} primary />}
        >
          {body}
        </Dialog>
      );
    }
  }

  return (
    <Dialog
      title={t(`${key(id)}.title`, { site })}
      onClose={closable ? ack : undefined}
      closeLabel={t('common.close')}
      className={`compliance-notice compliance-notice--${id}`}
      actions={
        <>
          {extra}
          {ok}
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
