import type { FakeApi, FakeApiOptions } from '../fake-api/server';
import type { FakeApiModule } from '../../core/testing/fake-api-kit';
import { pluginFolderOf } from '../../core/registry/discovery';
import type { TranslationCatalogue } from './translations';

/**
 * Loads the embedded fake exchange API and every plugin's fake module. Only called in the fake API's thread
 * (FAKE_API=1 without API_ORIGIN: fake-api-thread.ts): the imports are dynamic, so a deployment with a real back end never loads them.
 */
export async function mountFakeApi(o: Pick<FakeApiOptions, 'log' | 'stripPrefixes' | 'otherApps'> & { translations: TranslationCatalogue }): Promise<FakeApi> {
  const modules = import.meta.glob<{ default: FakeApiModule }>('../../plugins/*/fake-api.ts');
  const [{ createFakeApi }, plugins] = await Promise.all([
    import('../fake-api/server'),
    Promise.all(Object.entries(modules).map(async ([path, load]) => ({ name: pluginFolderOf(path), ...(await load()).default }))),
  ]);
  return createFakeApi({
    modules: plugins,
    translations: (lng, ns) => o.translations.get(lng, ns),
    log: o.log,
    stripPrefixes: o.stripPrefixes,
    otherApps: o.otherApps,
  });
}
