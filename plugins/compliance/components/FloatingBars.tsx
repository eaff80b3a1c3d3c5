import { localePath, useObservable, usePluginT, useShell } from '../../../core/plugin-api';
import { SafeHtml } from '../../../kit';
import type { Bar } from '../rules/bars';
import { linkifyContent } from '../rules/business';
import type { ComplianceController } from '../services/controller';
import { BusinessLinks, plainText } from './BusinessDialog';
import './compliance.css';

/** One floating bar: its text (or the business message), an optional link, a close control unless critical. */
function FloatingBar({ bar, onClose }: { bar: Bar; onClose: () => void }) {
  const { t } = usePluginT();
  const { env } = useShell();
  const hosts = env.region.allowedLinkHosts;
  const m = bar.business;
  const linked = m ? linkifyContent(m.content, m.text_link, hosts) : null;
  return (
    <div
      className={`compliance-bar compliance-bar--${bar.level}${m ? ' compliance-bar--business' : ''}`}
      role={bar.level === 'critical' ? 'alert' : 'status'}
      data-level={bar.level}
    >
      <div className="compliance-bar__text">
        {m && linked ? (
          <>
            {m.title && <strong className="compliance-bar__title">{plainText(m.title)}</strong>}
            <SafeHtml html={linked.html} allowedHosts={hosts} className="compliance-bar__html" />
            <BusinessLinks links={linked.rest} />
          </>
        ) : (
          <span>{t(bar.textKey ?? '', { site: env.region.name })}</span>
        )}
        {bar.link && (
          <a className="compliance-bar__link" href={localePath(env.langPrefix, bar.link.path)}>
            {t(bar.link.labelKey)}
          </a>
        )}
      </div>
      {bar.closable && (
        <button type="button" className="compliance-bar__close" aria-label={t('bars.close')} onClick={onClose}>
          ×
        </button>
      )}
    </div>
  );
}

/** The compliance floating bars (notice slot), critical first; closing one is remembered for the session. */
export function FloatingBars({ controller }: { controller: ComplianceController }) {
  // Its boundary hydrates before the page counts as hydrated (core/react/per-request.tsx): the server's bars then.
  const bars = useObservable(controller.bars$, []);
  if (bars.length === 0) return null;
  return (
    <div className="compliance-bars">
      {bars.map((bar) => (
        <FloatingBar key={bar.id} bar={bar} onClose={() => controller.dismissBar(bar.id)} />
      ))}
    </div>
  );
}
