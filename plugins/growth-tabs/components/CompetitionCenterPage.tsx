import { useLoaderData, usePluginT, useShell } from '../../../core/plugin-api';
import { formatAmount, formatPeriod } from '../services/format';
import { GrowthLayout } from './GrowthTabs';
import { itemHref } from './links';
import { COMPETITIONS_LOADER } from '../refs';

/** /competition/center: the tab bar and the trading competitions (server-loaded). */
export function CompetitionCenterPage() {
  const { t } = usePluginT();
  const { env } = useShell();
  const items = useLoaderData(COMPETITIONS_LOADER);
  const lang = env.locale.html;
  return (
    <GrowthLayout current="competition" title={t('competitions.title')} lead={t('competitions.lead')}>
      {!items ? (
        <p className="growth-empty" role="status">
          {t('loadFailed')}
        </p>
      ) : items.length === 0 ? (
        <p className="growth-empty">{t('competitions.empty')}</p>
      ) : (
        <ul className="growth-cards growth-cards--wide">
          {items.map((c) => (
            <li key={c.id} className="growth-card">
              <div className="growth-card__head">
                <h2 className="growth-card__title">{c.title}</h2>
                <span className={`growth-badge growth-badge--${c.status}`}>{t(`competitions.status.${c.status}`, { defaultValue: c.status })}</span>
              </div>
              <dl className="growth-facts">
                <div>
                  <dt>{t('competitions.prizePool')}</dt>
                  <dd>{`${formatAmount(c.prize_pool, lang)} ${c.currency}`}</dd>
                </div>
                <div>
                  <dt>{t('competitions.period')}</dt>
                  <dd>{t('competitions.periodUtc', { period: formatPeriod(c.start_time, c.end_time, lang) })}</dd>
                </div>
                <div>
                  <dt>{t('competitions.participants')}</dt>
                  <dd>{formatAmount(c.participants, lang)}</dd>
                </div>
              </dl>
              <div className="growth-card__foot">
                <a
                  className={`shell-btn ${c.status === 'ended' ? 'shell-btn--ghost' : 'shell-btn--primary'}`}
                  href={itemHref(c.url, env.langPrefix, env.region.allowedLinkHosts ?? [], '/competition/center')}
                >
                  {t(c.status === 'ongoing' ? 'competitions.join' : c.status === 'upcoming' ? 'competitions.details' : 'competitions.results')}
                  <span className="growth-sr-only">: {c.title}</span>
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
    </GrowthLayout>
  );
}
