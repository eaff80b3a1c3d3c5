/** Loads an OpenFeature provider named by a region config (`flags.module`) with a dynamic import, at start. */
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ErrorCode, type JsonValue, type Provider, type ResolutionDetails } from '@openfeature/server-sdk';
import type { FlagsProviderSpec } from './types';

type ModuleSpec = Exclude<FlagsProviderSpec, { provider: 'flagd-file' }>;

const RESOLVERS = ['resolveBooleanEvaluation', 'resolveStringEvaluation', 'resolveNumberEvaluation', 'resolveObjectEvaluation'] as const;
/** npm package names, with an optional scope and sub-path. */
const PACKAGE_NAME = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/[\w.-]+)*$/;

const isProvider = (v: unknown): v is Provider =>
  typeof v === 'object' &&
  v !== null &&
  RESOLVERS.every((r) => typeof (v as Record<string, unknown>)[r] === 'function') &&
  typeof (v as Provider).metadata === 'object';

/** The module's URL or package name: a path ('./', '../', absolute) is resolved against `baseDir`. */
function moduleSpecifier(module: string, baseDir: string): string {
  if (module.startsWith('./') || module.startsWith('../') || isAbsolute(module)) return pathToFileURL(resolve(baseDir, module)).href;
  if (!PACKAGE_NAME.test(module)) throw new Error(`'${module}' is neither a path ('./…') nor an npm package name`);
  return module;
}

/**
 * Imports the module and builds its provider: the named export (default 'default') may be a provider object, a
 * provider class (constructed with `options`) or a factory (called with `options`, may return a promise).
 * Throws an Error naming the module when it cannot.
 */
export async function loadProviderModule(spec: ModuleSpec, baseDir: string): Promise<Provider> {
  const name = spec.export ?? 'default';
  const where = `provider module '${spec.module}' (export '${name}')`;
  let made: unknown;
  try {
    const mod = (await import(/* @vite-ignore */ moduleSpecifier(spec.module, baseDir))) as Record<string, unknown>;
    const exported = mod[name];
    if (typeof exported === 'function') {
      const proto = (exported as { prototype?: Record<string, unknown> }).prototype;
      made =
        proto && typeof proto.resolveBooleanEvaluation === 'function'
          ? new (exported as new (o: unknown) => unknown)(spec.options ?? {})
          : await (exported as (o: unknown) => unknown)(spec.options ?? {});
    } else made = exported;
  } catch (err) {
    throw new Error(`${where}: ${(err as Error)?.message ?? String(err)}`, { cause: err });
  }
  if (!isProvider(made)) throw new Error(`${where} is not an OpenFeature server provider (metadata and the four resolve*Evaluation methods)`);
  return made;
}

/** A provider that answers every flag with an error: stands in for one that could not be loaded. */
export function failedProvider(message: string): Provider {
  const fail = <T>(_key: string, value: T): Promise<ResolutionDetails<T>> =>
    Promise.resolve({ value, reason: 'ERROR', errorCode: ErrorCode.PROVIDER_FATAL, errorMessage: message });
  return {
    metadata: { name: 'unavailable' },
    runsOn: 'server',
    resolveBooleanEvaluation: fail<boolean>,
    resolveStringEvaluation: fail<string>,
    resolveNumberEvaluation: fail<number>,
    resolveObjectEvaluation: <T extends JsonValue>(key: string, value: T) => fail<T>(key, value),
  };
}
