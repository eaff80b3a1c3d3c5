import { useNamespaceT, useObservable, useShell } from '../../core/react/context';
import { isOfficialHost } from './anti-phishing';
import { useSiteConfig } from './site-config';

/** A left-to-right name kept whole in any direction of text (Unicode isolates: 'gate-login.example', not '-gate…'). */
const isolated = (text: string) => `\u2068${text}\u2069`;

/**
 * A warning above everything when the page is shown at an address that is not one of the site's (a copy of it behind
 * a phishing proxy): checked in the browser once hydrated, as only the browser knows the address it shows. It names
 * the address, the official domains (`antiDomains`) and what never to type there; it cannot be closed.
 */
export function PhishingWarning() {
  const { env } = useShell();
  const site = useSiteConfig();
  const { t } = useNamespaceT('shell');
  const hydrated = useObservable(env.state.hydrated$, false);
  if (!hydrated) return null;
  const host = window.location.hostname;
  if (isOfficialHost(host, site)) return null;
  return (
    <div className="shell-phishing" role="alert">
      <strong className="shell-phishing__title">{t('phishing.title')}</strong>{' '}
      <span>{t('phishing.text', { host: isolated(host), site: isolated(site.name), domains: isolated(site.antiDomains.join(', ')) })}</span>
    </div>
  );
}
