/**
 * The OpenFeature providers a region may name (region config `flags.provider`): chosen by name from the ones this
 * build registers, never imported from a path or package a config names. A provider for another service (a flagd
 * daemon, a vendor's) is added here, as code, with its settings read from `flags.options`.
 */
import { ErrorCode, InMemoryProvider, type JsonValue, type Provider, type ResolutionDetails } from '@openfeature/server-sdk';

export interface FlagProviderEntry {
  /** What the provider serves and what `options` it reads (the region-config schema's description says the same). */
  description: string;
  /** Builds the provider from the region's `flags.options` (may throw: the region then answers ERROR). */
  create(options: Record<string, unknown>): Provider | Promise<Provider>;
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const FLAG_PROVIDERS: Readonly<Record<string, FlagProviderEntry>> = {
  'in-memory': {
    description: "OpenFeature's in-memory provider: `options.flags` holds each key's variants and default variant.",
    create(options) {
      if (options.flags !== undefined && !isPlain(options.flags)) throw new Error('options.flags must be an object of flag definitions');
      return new InMemoryProvider((options.flags ?? {}) as ConstructorParameters<typeof InMemoryProvider>[0]);
    },
  },
};

/** The registered names, for messages and the schema's check. */
export const flagProviderNames = (providers: Readonly<Record<string, FlagProviderEntry>> = FLAG_PROVIDERS) => Object.keys(providers);

/** Builds the named provider; throws naming the registered ones for an unknown name, or with the provider's reason. */
export async function createNamedProvider(
  name: string,
  options: Record<string, unknown> = {},
  providers: Readonly<Record<string, FlagProviderEntry>> = FLAG_PROVIDERS,
): Promise<Provider> {
  if (!Object.hasOwn(providers, name)) throw new Error(`unknown flag provider '${name}' (registered: ${flagProviderNames(providers).join(', ')})`);
  try {
    return await providers[name].create(options);
  } catch (err) {
    throw new Error(`flag provider '${name}': ${(err as Error)?.message ?? String(err)}`, { cause: err });
  }
}

/** A provider that answers every flag with an error: stands in for one that could not be built. */
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
