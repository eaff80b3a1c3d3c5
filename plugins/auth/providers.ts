import type { AuthOptions } from './options';

/** Third-party login methods a site may offer (spec 000 §6); 'turkey-id' is the Turkey site's own provider. */
export type LoginProvider = AuthOptions['authorizedLogin'][number];
/** The methods that log in through OAuth and need a client id: all but the MetaMask wallet. */
export type OAuthProvider = keyof AuthOptions['thirdPartyClientIds'];

/** Where each OAuth provider's consent page is (options can override). */
const DEFAULT_AUTHORIZE_URLS: Record<OAuthProvider, string> = {
  google: 'https://accounts.google.com/o/oauth2/v2/auth',
  apple: 'https://appleid.apple.com/auth/authorize',
  'turkey-id': 'https://auth.gate.tr/oauth2/authorize',
};

/** Apple returns to a GET redirect only without scopes (response_mode=query). */
const SCOPES: Record<OAuthProvider, string> = { google: 'openid email profile', apple: '', 'turkey-id': 'openid profile' };

/** Spec 000 §6: the third-party methods a site offers, in its options' order (main, testnet: google, metamask, apple; Turkey: its own). */
export function providersFor(options: Pick<AuthOptions, 'authorizedLogin' | 'thirdPartyClientIds'>): LoginProvider[] {
  return options.authorizedLogin.filter((p) => p === 'metamask' || !!options.thirdPartyClientIds[p]);
}

/** The provider's authorization URL (OAuth 2 code flow) back to /login/oauth/<provider>. */
export function authorizeUrl(provider: OAuthProvider, o: { base?: string; clientId: string; origin: string; state: string; lang: string }): string {
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
