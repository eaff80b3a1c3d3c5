/** The OpenFeature evaluation context of a request, built from hostile input with every field checked. */
import type { EvaluationContext } from '@openfeature/server-sdk';
import type { FlagContext } from './types';

/** Longest string kept from a context field (characters); longer ones are cut. */
const MAX_CONTEXT_STRING = 256;
/** Longest path kept (characters). */
const MAX_CONTEXT_PATH = 1024;

const STRING_FIELDS = ['region', 'locale', 'country', 'appPlatform', 'appVersion'] as const;
const NUMBER_FIELDS = ['countryId', 'kycLevel', 'vipTier'] as const;

const text = (v: unknown, max = MAX_CONTEXT_STRING) => (typeof v === 'string' ? v.slice(0, max) : undefined);

/**
 * The evaluation context: known fields of the right type only (others dropped, strings cut to their limit),
 * `targetingKey` = `uid`, `region` defaulting to the plan's region.
 */
export function evaluationContext(input: FlagContext | undefined, region: string): EvaluationContext {
  const ctx: EvaluationContext = { region };
  const source = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  for (const field of STRING_FIELDS) {
    const v = text(source[field]);
    if (v !== undefined) ctx[field] = v;
  }
  for (const field of NUMBER_FIELDS) {
    const v = source[field];
    if (typeof v === 'number' && Number.isFinite(v)) ctx[field] = v;
  }
  const path = text(source.path, MAX_CONTEXT_PATH);
  if (path !== undefined) ctx.path = path;
  if (typeof source.loggedIn === 'boolean') ctx.loggedIn = source.loggedIn;
  const uid = text(source.uid);
  if (uid) {
    ctx.uid = uid;
    ctx.targetingKey = uid;
  }
  return ctx;
}
