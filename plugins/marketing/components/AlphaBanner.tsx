import { safeLink, usePluginT, useShell } from '../../../core/plugin-api';
import type { AlphaCard } from '../services/alpha';
import './marketing.css';

/** The alpha floating card: image, title, link and a close button (hides it for 24 h). */
export function AlphaBanner({ card, onClose }: { card: AlphaCard; onClose: () => void }) {
  const { t } = usePluginT();
  const { env } = useShell();
  const hosts = env.region.allowedLinkHosts;
  const href = safeLink(card.url, hosts);
  const img = safeLink(card.img_v2, hosts) ?? safeLink(card.img, hosts);
  const external = !!href && !href.startsWith('/');
  return (
    <aside className="mkt-alpha" aria-label={t('alpha.label')} data-card-id={card.id}>
      <a className="mkt-alpha__link" href={href ?? undefined} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {img && <img className="mkt-alpha__img" src={img} alt="" width={72} height={72} />}
        <span className="mkt-alpha__text">
          <span className="mkt-alpha__tag">{t('alpha.tag')}</span>
          <span className="mkt-alpha__title">{card.title}</span>
        </span>
      </a>
      <button type="button" className="mkt-close" aria-label={t('alpha.close')} onClick={onClose}>
        ×
      </button>
    </aside>
  );
}
