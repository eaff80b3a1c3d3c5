import { useId } from 'react';
import { localePath, usePlugin, usePluginT, useShell } from '../../../core/plugin-api';
import type { MarketingOptions } from '../types';
import { PeopleIcon } from './icons';
import './marketing.css';

/** The promotional (referral) banner in its line, shadow or horizontal variant: title, description, benefit, close. */
export function PromoBanner({ onClose }: { onClose: () => void }) {
  const { t } = usePluginT();
  const { env } = useShell();
  const { options } = usePlugin<MarketingOptions>();
  const { variant, link, commissionRate } = options.promoBanner;
  const titleId = useId();
  const rate = new Intl.NumberFormat(env.locale.html, { style: 'percent', maximumFractionDigits: 1 }).format(commissionRate / 100);
  return (
    <section className={`mkt-promo mkt-promo--${variant}`} aria-labelledby={titleId}>
      <span className="mkt-promo__icon">
        <PeopleIcon size={variant === 'line' ? 20 : 32} />
      </span>
      <div className="mkt-promo__text">
        <h2 id={titleId} className="mkt-promo__title">
          {t('promo.title', { site: env.region.name })}
        </h2>
        {variant !== 'line' && <p className="mkt-promo__desc">{t('promo.description')}</p>}
      </div>
      <p className="mkt-promo__benefit">{t('promo.benefit', { rate })}</p>
      <a className="shell-btn shell-btn--primary mkt-promo__cta" href={localePath(env.langPrefix, link)}>
        {t('promo.cta')}
      </a>
      <button type="button" className="mkt-close" aria-label={t('promo.close')} onClick={onClose}>
        ×
      </button>
    </section>
  );
}
