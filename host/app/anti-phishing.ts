import type { RegionConfig } from '../../core/config/region';

/** The developer's own machine (the dev server, the tests): nobody is phished there. */
const LOCAL_HOST = /^(localhost|[a-z0-9-]+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** A DNS name as compared: lower case, without the trailing dot of a fully qualified name. */
const dnsName = (name: string) => name.toLowerCase().replace(/\.$/, '');

/**
 * Whether a page's host is one of the site's own: one of its official domains (`antiDomains`) or a name under one,
 * its own domain (`webSiteDomain`), or the developer's machine. Names are compared as DNS names, label by label from
 * the right: 'gate.com.evil.io' and 'evilgate.com' are not under 'gate.com'. A look-alike name (Cyrillic 'а' for 'a')
 * reaches the page as its punycode ('xn--…'), which no official domain is.
 */
export function isOfficialHost(hostname: string, region: Pick<RegionConfig, 'antiDomains' | 'webSiteDomain'>): boolean {
  const host = dnsName(hostname);
  if (LOCAL_HOST.test(host)) return true;
  return [...region.antiDomains, region.webSiteDomain].some((official) => {
    const domain = dnsName(official);
    return host === domain || host.endsWith(`.${domain}`);
  });
}
