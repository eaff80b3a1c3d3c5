import { definePlugin, derived, lazyView } from '../../../../core/plugin-api';
import type { HelloOptions } from './options.generated';
import { HELLO_SHOWN } from './refs';
import { showsOn } from './rules';
import schema from './schema.json';

export { HELLO_PLUGIN, HELLO_SHOWN } from './refs';

/** The row's view: its own chunk, loaded only where the row shows. */
const HelloRow = lazyView(() => import('./HelloRow').then((m) => m.HelloRow));

/** hello: a row in the footer on the pages its options name (README.md). */
export default definePlugin<HelloOptions>({
  id: 'hello',
  options: schema,
  /** How its code reaches the browser (core/plugin/delivery.ts): only where some page may show the row. */
  delivery: { inBrowser: (_env, options) => options.paths.length > 0 },
  slotEntries: (options) => [
    { slot: 'footer', priority: 0, active: (env) => derived([env.state.route$], (route) => showsOn(route.path, options.paths)), render: HelloRow },
  ],
  // The row's visibility as a stream other plugins may read (`HELLO_SHOWN`).
  setup(ctx) {
    ctx.stream(
      HELLO_SHOWN,
      derived([ctx.state.route$], (route) => showsOn(route.path, ctx.options.paths)),
    );
  },
});
