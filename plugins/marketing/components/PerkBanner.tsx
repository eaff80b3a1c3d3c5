import { useId } from 'react';
import { usePluginT, useShell } from '../../../core/plugin-api';
import { formatReward } from './format';
import './marketing.css';

/** What the exclusive-perk banner offers: the sign-up bonus (visitors) or the task rewards (users). */
export interface Perk {
  kind: 'signup' | 'tasks';
  amount: string;
  currency: string;
}

/** The exclusive-perk banner ($40,000 bonus): title, description, benefit, call to action, close. */
export function PerkBanner({ perk, onClose }: { perk: Perk; onClose: () => void }) {
  const { t } = usePluginT();
  const { env } = useShell();
  const titleId = useId();
  const href = env.href(perk.kind === 'signup' ? '/signup' : '/rewards_hub');
  return (
    <section className="mkt-perk" aria-labelledby={titleId}>
      <div className="mkt-perk__benefit" aria-hidden="true">
        {formatReward(perk.amount, perk.currency, env.locale.html)}
      </div>
      <div className="mkt-perk__text">
        <p className="mkt-perk__eyebrow">{t('perk.eyebrow')}</p>
        <h2 id={titleId} className="mkt-perk__title">
          {t(`perk.${perk.kind}.title`, { amount: formatReward(perk.amount, perk.currency, env.locale.html) })}
        </h2>
        <p className="mkt-perk__desc">{t(`perk.${perk.kind}.description`)}</p>
      </div>
      <a className="shell-btn shell-btn--primary mkt-perk__cta" href={href}>
        {t(`perk.${perk.kind}.cta`)}
      </a>
      <button type="button" className="mkt-close" aria-label={t('perk.close')} onClick={onClose}>
        ×
      </button>
    </section>
  );
}
