import { localePath, usePluginT, useShell } from '../../../core/plugin-api';
import '../share.css';

/** A home-page card inviting the visitor to share the site; opens the share modal through the bus. */
export function ShareHomeCard() {
  const { t } = usePluginT();
  const { env } = useShell();
  const site = env.region.name;
  const open = () =>
    env.bus.emit('share:open', {
      source: 'promo',
      url: localePath(env.langPrefix, '/'),
      title: t('home.posterTitle', { site }),
      shareContent: t('home.shareText', { site }),
    });
  return (
    <section className="share-home" aria-labelledby="share-home-title">
      <div>
        <h2 id="share-home-title">{t('home.title', { site })}</h2>
        <p>{t('home.body', { site })}</p>
      </div>
      <button type="button" className="shell-btn shell-btn--primary" onClick={open} aria-haspopup="dialog">
        {t('home.cta')}
      </button>
    </section>
  );
}
