import { useId } from 'react';
import { usePlugin, usePluginT, useShell } from '../../../../core/plugin-api';
import type { WelcomeOptions } from './options.generated';
import './welcome.css';

/** welcome's banner: a heading, a line of text and a link to the page its options name. */
export function WelcomeBanner() {
  const { t } = usePluginT();
  const { env } = useShell();
  const { options } = usePlugin<WelcomeOptions>();
  const titleId = useId();
  return (
    <section className="welcome" aria-labelledby={titleId}>
      <div className="welcome__text">
        <h2 id={titleId} className="welcome__title">
          {t('title')}
        </h2>
        <p className="welcome__lead">{t('text')}</p>
      </div>
      <a className="shell-btn shell-btn--primary welcome__cta" href={env.href(options.link)}>
        {t('cta')}
      </a>
    </section>
  );
}
