import { definePlugin, derived } from '../../core/plugin-api';
import schema from './schema.json';
import { BARS, barPriority, isBarActive, type BarDef } from './bars';
import { Dismissals, DISMISSALS } from './dismissals';
import type { SiteSwitchOptions } from './options';
import { barComponent } from './SiteSwitchBar';

/** Region-mismatch bars (spec 000 §4): one topbar item per bar the region lists (option `bars`), in spec priority order. */
export default definePlugin<SiteSwitchOptions>({
  id: 'site-switch',
  options: schema,
  slotEntries: (options) =>
    (BARS as readonly BarDef[])
      .filter((bar) => options.bars.includes(bar.id))
      .map((bar) => ({
        slot: 'topbar',
        key: bar.id,
        priority: barPriority(bar.id),
        active: (env, services) =>
          derived([env.state.compliance$, services.get(DISMISSALS).dismissed$], (c, dismissed) =>
            isBarActive(bar, { limit: c.limit ?? {}, enabled: options.bars, dismissed }),
          ),
        render: barComponent(bar),
      })),
  setup(ctx) {
    const dismissals = new Dismissals(ctx, ctx.options.dismissDays);
    ctx.provide(DISMISSALS, dismissals);
    ctx.onTeardown(() => dismissals.dispose());
  },
});
