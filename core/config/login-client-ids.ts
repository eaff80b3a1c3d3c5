import type { PluginCatalogue } from '../registry/catalogue';
import { pointerOf, type RegionProblem } from './problems';
import type { SourceDoc } from './source';

/** The plugin whose options list the login methods (`authorizedLogin`) and their client ids (`thirdPartyClientIds`). */
const AUTH = 'auth';

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The auth plugin's rule across two options that its schema cannot say: every login method it lists that takes a
 * client id has one. Which methods take one is the plugin schema's to say (the fields of `thirdPartyClientIds`), so
 * core names none. `options`: the plugins' options as their check completed them.
 */
export function checkLoginClientIds(doc: SourceDoc, options: ReadonlyMap<string, Record<string, unknown>>, catalogue: PluginCatalogue): RegionProblem[] {
  const { authorizedLogin: methods, thirdPartyClientIds: ids } = options.get(AUTH) ?? {};
  if (!Array.isArray(methods) || !isPlain(ids)) return []; // the options check reports a wrong type
  const takesId = clientIdFields(catalogue);
  return methods.flatMap((method, i) => (typeof method === 'string' && takesId.has(method) && !Object.hasOwn(ids, method) ? [missingId(doc, method, i)] : []));
}

/** The problem at the listed method that has no client id. */
function missingId(doc: SourceDoc, method: string, index: number): RegionProblem {
  const message = `plugin '${AUTH}': login method '${method}' needs a client id: add thirdPartyClientIds.${method}`;
  return doc.problem(pointerOf('plugins', AUTH, 'options', 'authorizedLogin', index), message, 'consistency');
}

/** The login methods the installed auth plugin takes a client id for. */
function clientIdFields(catalogue: PluginCatalogue): Set<string> {
  const schema = catalogue.definitions.get(AUTH)?.options as { properties?: { thirdPartyClientIds?: { properties?: object } } } | undefined;
  return new Set(Object.keys(schema?.properties?.thirdPartyClientIds?.properties ?? {}));
}
