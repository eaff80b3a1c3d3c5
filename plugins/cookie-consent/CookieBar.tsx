import { useId } from 'react';
import { usePlugin, usePluginT, useService, useShell } from '../../core/plugin-api';
import type { ConsentLevel } from './types';
import { CONSENT_SERVICE } from './refs';
import type { CookieConsentOptions } from './options';
import { policyHref } from './policy';
import './cookie-consent.css';

/** The cookie policy bar: text with the policy link, 'Accept necessary' and 'Accept all'. */
export function CookieBar() {
  const { t } = usePluginT();
  const { env } = useShell();
  const { options } = usePlugin<CookieConsentOptions>();
  const consent = useService(CONSENT_SERVICE);
  const titleId = useId();
  const href = policyHref(options.policyLink, env.region.docs?.privacy_policy, env.langPrefix, env.region.allowedLinkHosts ?? []);
  const answer = (level: ConsentLevel) => {
    consent.answer(level);
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  return (
    <section className="cookie-consent" role="region" aria-labelledby={titleId}>
      <div className="cookie-consent__inner">
        <div className="cookie-consent__copy">
          <h2 id={titleId} className="cookie-consent__title">
            {t('title')}
          </h2>
          <p className="cookie-consent__text">
            {t(options.requireConsent ? 'textRequired' : 'text')}{' '}
            {href && (
              <a href={href} {...(href.startsWith('/') ? {} : { target: '_blank', rel: 'noopener noreferrer' })}>
                {t('policy')}
              </a>
            )}
          </p>
        </div>
        <div className="cookie-consent__actions">
          <button type="button" className="shell-btn shell-btn--ghost" onClick={() => answer('necessary')}>
            {t('acceptNecessary')}
          </button>
          <button type="button" className="shell-btn shell-btn--primary" onClick={() => answer('all')}>
            {t('acceptAll')}
          </button>
        </div>
      </div>
    </section>
  );
}
