import { useId } from 'react';
import { safeLink, useLoaderData, usePluginT, useShell } from '../../../core/plugin-api';
import './marketing.css';
import { HOME_BANNER_LOADER } from '../refs';
import type { MarketingPlan } from '../services/plans';

/** The homepage banner server-rendered from the `homeBanner` loader's plan. */
export function HomepageBanner() {
  return <PlanBanner plan={useLoaderData(HOME_BANNER_LOADER)} />;
}

/**
 * A targeted-plan homepage banner: title, content, image, link. A plan with only an image (spec 001 §4: shown when a
 * plan is returned) is the image itself, full width, named by a translated label.
 */
export function PlanBanner({ plan }: { plan: MarketingPlan | null | undefined }) {
  const { t } = usePluginT();
  const { env } = useShell();
  const titleId = useId();
  if (!plan) return null;
  const hosts = env.region.allowedLinkHosts;
  const href = safeLink(plan.url, hosts);
  const img = safeLink(plan.img, hosts);
  const imgH5 = safeLink(plan.img_h5, hosts) ?? img;
  const external = !!href && !href.startsWith('/');
  if (!plan.title && !img && !imgH5) return null;
  const linkProps = external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  if (!plan.title) {
    const label = plan.content || t('banner.imageLabel');
    const picture = (
      <picture className="mkt-hb__media">
        {imgH5 && <source media="(max-width: 768px)" srcSet={imgH5} />}
        <img src={img ?? imgH5 ?? ''} alt={label} loading="eager" />
      </picture>
    );
    return (
      <section className="mkt-hb mkt-hb--image" aria-label={label} data-plan-id={plan.plan_id}>
        {href ? (
          <a className="mkt-hb__link" href={href} {...linkProps}>
            {picture}
          </a>
        ) : (
          <div className="mkt-hb__link">{picture}</div>
        )}
      </section>
    );
  }
  const body = (
    <>
      {(img || imgH5) && (
        <picture className="mkt-hb__media">
          {imgH5 && <source media="(max-width: 768px)" srcSet={imgH5} />}
          <img src={img ?? imgH5 ?? ''} alt="" loading="eager" />
        </picture>
      )}
      <div className="mkt-hb__text">
        <h2 id={titleId} className="mkt-hb__title">
          {plan.title}
        </h2>
        {plan.content && <p className="mkt-hb__content">{plan.content}</p>}
        {href && (
          <span className="mkt-hb__cta" aria-hidden="true">
            {t('banner.cta')} <span className="mkt-arrow">→</span>
          </span>
        )}
      </div>
    </>
  );
  return (
    <section className="mkt-hb" aria-labelledby={titleId} data-plan-id={plan.plan_id}>
      {href ? (
        <a className="mkt-hb__link" href={href} {...linkProps}>
          {body}
        </a>
      ) : (
        <div className="mkt-hb__link">{body}</div>
      )}
    </section>
  );
}
