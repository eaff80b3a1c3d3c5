import { localePath, safePath, useShell, usePlugin, usePluginT } from '../../core/plugin-api';
import { HELPFUL_COLUMNS, MODULE_LINKS, helpfulHref, homeTarget, linkKey, trendingStories } from './links';
import heroWeb from './assets/404-web.svg';
import heroMobile from './assets/404-mobile.svg';
import './not-found.css';
import type { NotFoundOptions } from './options.generated';

/** The 404 page: hero, a way home, helpful links and trending stories. Answers HTTP 404. */
export function NotFoundPage() {
  const { t } = usePluginT();
  const { env } = useShell();
  const { options } = usePlugin<NotFoundOptions>();
  const { langPrefix } = env;
  const redirect = safePath(env.state.route$.value.query.redirect, env.regionOrigin(env.region.key));
  const home = homeTarget(langPrefix, redirect);
  const stories = trendingStories(options.trendingTokens);
  const storyLabel = (key: string) => t(`stories.${key}`, { defaultValue: key.replace(/-/g, ' ').toUpperCase() });

  if (options.variant === 'module') {
    return (
      <section className="not-found not-found--module" aria-labelledby="nf-title">
        <h1 id="nf-title">{t('title')}</h1>
        <a className="shell-btn shell-btn--primary" href={home}>
          {t('home')}
        </a>
        <h2>{t('helpful')}</h2>
        <ul className="not-found__list">
          {MODULE_LINKS.map((p) => (
            <li key={p}>
              <a href={localePath(langPrefix, p)}>{t(`links.${linkKey(p)}`)}</a>
            </li>
          ))}
        </ul>
        <h2>{t('trending')}</h2>
        <ul className="not-found__list">
          {stories.map((s) => (
            <li key={s.key}>
              <a href={s.href}>{storyLabel(s.key)}</a>
            </li>
          ))}
        </ul>
      </section>
    );
  }

  return (
    <section className="not-found" aria-labelledby="nf-title">
      <picture className="not-found__hero">
        <source media="(max-width: 768px)" srcSet={heroMobile} />
        <img src={heroWeb} alt="" width={480} height={240} />
      </picture>
      <h1 id="nf-title">{t('title')}</h1>
      <p className="not-found__lead">{t('lead')}</p>
      <a className="shell-btn shell-btn--primary shell-btn--lg" href={home}>
        {t('home')}
      </a>
      <h2>{t('helpful')}</h2>
      <div className="not-found__cols">
        {HELPFUL_COLUMNS.map((col, i) => (
          <ul key={i} className="not-found__list">
            {col.map((p) => (
              <li key={p}>
                <a href={helpfulHref(langPrefix, p)}>{t(`links.${linkKey(p)}`)}</a>
              </li>
            ))}
          </ul>
        ))}
      </div>
      <h2>{t('trending')}</h2>
      <ul className="not-found__stories">
        {stories.map((s) => (
          <li key={s.key}>
            <a href={s.href}>{storyLabel(s.key)}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
