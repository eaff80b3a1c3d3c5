import type { FakeApi } from '../fake-api/server';
import type { FakeApiModule } from '../../core/testing/fake-api-kit';
import { pluginFolderOf } from '../../core/registry/discovery';
import type { ServerApp } from './app-context';

/**
 * Loads the embedded fake exchange API and every plugin's fake module. Only called when the fake API runs
 * (FAKE_API=1 without API_ORIGIN): the imports are dynamic, so a deployment with a real back end never loads them.
 */
export async function mountFakeApi(app: ServerApp): Promise<FakeApi> {
  const modules = import.meta.glob<{ default: FakeApiModule }>('../../plugins/*/fake-api.ts');
  const [{ createFakeApi }, plugins] = await Promise.all([
    import('../fake-api/server'),
    Promise.all(Object.entries(modules).map(async ([path, load]) => ({ name: pluginFolderOf(path), ...(await load()).default }))),
  ]);
  return createFakeApi({
    modules: plugins,
    translations: (lng, ns) => app.translations.get(lng, ns),
    log: app.log,
    stripPrefixes: [...new Set(app.regions.all.map((c) => c.api.dataPathPrefix).filter(Boolean))],
    // A scenario registered or removed changes what shared replies would be: start afresh.
    onChange: () => app.backend.shared.clear(),
  });
}
