import { useId } from 'react';
import { useLoaderData, usePluginT, useShell } from '../../../../core/plugin-api';
import { CAMPAIGN_SUMMARY } from './refs';
import './campaign.css';

/** campaign's page: its heading, a lead and the figure the server loaded (or a line saying it is not available). */
export function CampaignPage() {
  const { t } = usePluginT();
  const { env } = useShell();
  const summary = useLoaderData(CAMPAIGN_SUMMARY);
  const titleId = useId();
  return (
    <section className="campaign" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('title')}</h1>
      <p className="campaign__lead">{t('lead')}</p>
      {summary ? (
        <p className="campaign__figure">{t('figure', { value: new Intl.NumberFormat(env.locale.html).format(summary.count) })}</p>
      ) : (
        <p className="campaign__figure" role="status">
          {t('unavailable')}
        </p>
      )}
    </section>
  );
}
