import type { OAuthProvider } from './providers';

/** sessionStorage key of a pending OAuth login: state (CSRF check), provider and where to return. */
const OAUTH_PENDING_KEY = 'auth_oauth_pending';

export interface PendingOAuth {
  state: string;
  provider: OAuthProvider;
  returnTo: string;
}

/** A random state value (128 bits, hex). */
export function randomState(crypto: Pick<Crypto, 'getRandomValues'> = globalThis.crypto): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function savePending(p: PendingOAuth, store: Pick<Storage, 'setItem'> = sessionStorage): void {
  try {
    store.setItem(OAUTH_PENDING_KEY, JSON.stringify(p));
  } catch {
    /* storage denied: the callback will refuse the state */
  }
}

/** Reads and clears the pending login; null unless it matches the provider and the returned state. */
export function takePending(provider: string, state: string, store: Pick<Storage, 'getItem' | 'removeItem'> = sessionStorage): PendingOAuth | null {
  let raw: string | null;
  try {
    raw = store.getItem(OAUTH_PENDING_KEY);
    store.removeItem(OAUTH_PENDING_KEY);
  } catch {
    return null;
  }
  try {
    const p = JSON.parse(raw ?? 'null') as PendingOAuth | null;
    return p && p.provider === provider && typeof p.state === 'string' && p.state.length > 0 && p.state === state ? p : null;
  } catch {
    return null;
  }
}
