import type { ShellEnv } from '../../../core/plugin-api';
import type { ComplianceOptions } from '../options';
import { COOL_DOWN_REMINDER, parseBusinessReply, type BusinessMessage } from '../rules/business';

/**
 * Browser: the business compliance check of this site (options.businessCheckPath) and, for logged-in users,
 * the 24 h cool-down end reminder. Any failure gives [] (spec 000 §8).
 */
export async function fetchBusinessMessages(env: ShellEnv, options: ComplianceOptions): Promise<BusinessMessage[]> {
  const path = options.businessCheckPath;
  if (!path) return [];
  const lang = env.locale.code;
  const calls: Array<Promise<BusinessMessage[]>> = [get(env, path, { lang }, false)];
  if (options.businessReminder && env.state.data.user.isLogin) calls.push(get(env, path, { lang, typeReminder: COOL_DOWN_REMINDER }, true));
  const lists = await Promise.all(calls);
  const seen = new Set<string>();
  return lists.flat().filter((m) => !seen.has(m.id) && seen.add(m.id));
}

async function get(env: ShellEnv, path: string, params: Record<string, string>, reminder: boolean): Promise<BusinessMessage[]> {
  try {
    return parseBusinessReply(await env.http.get(path, params), reminder);
  } catch {
    return [];
  }
}
