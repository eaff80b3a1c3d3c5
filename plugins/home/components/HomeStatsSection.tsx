import { useId } from 'react';
import { useLoaderData, usePlugin, usePluginT, useShell } from '../../../core/plugin-api';
import { CoinIcon } from '../../../kit';
import { isEmptyStats, type StatKey } from '../services/stats';

/** The figures that are about one coin: shown with its icon. */
const STAT_COIN: Partial<Record<StatKey, string>> = { simple_earn_apr_usdt: 'USDT' };
import type { HomeOptions } from '../types';
import '../home.css';
import { STATS_LOADER } from '../refs';

/** The home statistics section (server-rendered from the `stats` loader). */
export function HomeStatsSection() {
  const { t } = usePluginT();
  const { env } = useShell();
  const { options } = usePlugin<HomeOptions>();
  const data = useLoaderData(STATS_LOADER);
  const titleId = useId();
  if (!data || (options.stats.hideWhenEmpty && isEmptyStats(data.stats))) return null;
  return (
    <section className="home-stats" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('stats.title', { site: env.region.name })}</h2>
      <dl className="home-stats__grid">
        {data.views.map((v) => (
          <div key={v.key} className="home-stats__item" data-stat={v.key}>
            <dt>
              {STAT_COIN[v.key] && <CoinIcon symbol={STAT_COIN[v.key]!} size={20} decorative className="home-stats__coin" />}
              {t(`stats.${v.key}`)}
            </dt>
            <dd>
              <bdi>{v.value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
