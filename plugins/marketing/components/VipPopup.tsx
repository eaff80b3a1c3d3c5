import { useEffect, useRef } from 'react';
import { safeLink, usePlugin, usePluginT, useShell } from '../../../core/plugin-api';
import { Dialog } from '../../../kit';
import type { MarketingPlan, VipExtras } from '../services/plans';
import type { MarketingOptions } from '../types';
import './marketing.css';

const TITLE_KEYS = { VIP_EXPIRED: 'vip.expired', VIP_INACTIVE: 'vip.inactive', VIP_UPGRADED: 'vip.upgraded' } as const;

/** The VIP popup (expired, inactive or upgraded): tier, benefits, a call to action; closes itself after 10 s. */
export function VipPopup({ plan, extras, dismiss }: { plan: MarketingPlan; extras: VipExtras; dismiss: () => void }) {
  const { t } = usePluginT();
  const { env } = useShell();
  const { options } = usePlugin<MarketingOptions>();
  // The slot hands a new dismiss() on each render: keep the latest without restarting the 10 s timer.
  const close = useRef(dismiss);
  close.current = dismiss;
  useEffect(() => {
    const timer = setTimeout(() => close.current(), options.vipPopup.autoCloseMs);
    return () => clearTimeout(timer);
  }, [options.vipPopup.autoCloseMs]);
  const hosts = env.region.allowedLinkHosts;
  const href = safeLink(plan.url, hosts) ?? '/vip';
  const title = plan.title || t(TITLE_KEYS[extras.vip_popup_type], { tier: extras.tier });
  return (
    <Dialog
      title={title}
      onClose={dismiss}
      closeLabel={t('close')}
      className="mkt-vip"
      size="sm"
      actions={
        <a className="shell-btn shell-btn--primary mkt-vip__cta" href={href} onClick={dismiss}>
          {extras.button_copywriting || t('vip.cta')}
        </a>
      }
    >
      <p className="mkt-vip__tier" data-vip-type={extras.vip_popup_type}>
        <span className="mkt-vip__badge">VIP {extras.tier}</span>
        {plan.content && <span>{plan.content}</span>}
      </p>
      {extras.benefits.length > 0 && (
        <>
          <h3 className="mkt-vip__benefits-title">{extras.benefit_title || t('vip.benefits')}</h3>
          <ul className="mkt-vip__benefits">
            {extras.benefits.map((b, i) => {
              const img = safeLink(b.img, hosts);
              return (
                <li key={i}>
                  {img && <img src={img} alt="" width={36} height={36} />}
                  <span>{b.content}</span>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <p className="mkt-vip__note">{t('vip.autoClose', { count: Math.round(options.vipPopup.autoCloseMs / 1000) })}</p>
    </Dialog>
  );
}
