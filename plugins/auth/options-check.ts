import type { AuthOptions } from './options';
import type { OAuthProvider } from './providers';

/**
 * The login methods that take a client id: the fields of `thirdPartyClientIds` (all but MetaMask; a test holds the
 * list to the schema). Not read from schema.json, which would ship the schema in the page's script.
 */
const TAKES_CLIENT_ID: ReadonlySet<string> = new Set<OAuthProvider>(['google', 'apple', 'turkey-id']);

/** The rule across two options a schema cannot say: every listed method that takes a client id has one. */
export function checkClientIds(options: Pick<AuthOptions, 'authorizedLogin' | 'thirdPartyClientIds'>): Array<{ pointer: string; message: string }> {
  return options.authorizedLogin.flatMap((method, i) =>
    TAKES_CLIENT_ID.has(method) && !Object.hasOwn(options.thirdPartyClientIds, method)
      ? [{ pointer: `/authorizedLogin/${i}`, message: `login method '${method}' needs a client id: add thirdPartyClientIds.${method}` }]
      : [],
  );
}
