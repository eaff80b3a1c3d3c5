import type { RegionConfig } from '../../core';
import type { LoginProvider } from '../../core';

/** Where each OAuth provider's consent page is (options can override). */
const DEFAULT_AUTHORIZE_URLS: Record<Exclude<LoginProvider, 'metamask'>, string> = {
  google: 'https://accounts.google.com/o/oauth2/v2/auth',
  apple: 'https://appleid.apple.com/auth/authorize',
  'turkey-id': 'https://auth.gate.tr/oauth2/authorize',
};

/** Apple returns to a GET redirect only without scopes (response_mode=query). */
const SCOPES: Record<Exclude<LoginProvider, 'metamask'>, string> = { google: 'openid email profile', apple: '', 'turkey-id': 'openid profile' };

/** Spec 000 §6: the third-party methods a site offers, in its config's order (main, testnet: google, metamask, apple; Turkey: its own). */
export function providersFor(region: Pick<RegionConfig, 'authorizedLogin' | 'thirdPartyClientIds'>): LoginProvider[] {
  return region.authorizedLogin.filter((p) => p === 'metamask' || !!region.thirdPartyClientIds[p]);
}

/** The provider's authorization URL (OAuth 2 code flow) back to /login/oauth/<provider>. */
export function authorizeUrl(
  provider: Exclude<LoginProvider, 'metamask'>,
  o: { base?: string; clientId: string; origin: string; state: string; lang: string },
): string {
  const url = new URL(o.base ?? DEFAULT_AUTHORIZE_URLS[provider]);
  url.searchParams.set('client_id', o.clientId);
  url.searchParams.set('redirect_uri', `${o.origin}/login/oauth/${provider}`);
  url.searchParams.set('response_type', 'code');
  if (SCOPES[provider]) url.searchParams.set('scope', SCOPES[provider]);
  url.searchParams.set('state', o.state);
  if (provider === 'apple') url.searchParams.set('response_mode', 'query');
  else url.searchParams.set('ui_locales', o.lang);
  return url.toString();
}
