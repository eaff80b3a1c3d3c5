import { BehaviorSubject, combineLatest, distinctUntilChanged, map } from 'rxjs';
import { definePlugin } from '../../core';
import schema from './schema.json';
import { BARS, barPriority, dismissCookie, isBarActive, type BarDef, type BarId } from './bars';
import type { SiteSwitchOptions } from './options';
import { barComponent } from './SiteSwitchBar';

/** Region-mismatch bars (spec 000 §4): one topbar item per bar the region lists (option `bars`), in spec priority order. */
export default definePlugin<SiteSwitchOptions>({
  id: 'site-switch',
  options: schema,
  setup(ctx) {
    const { options, cookies } = ctx;
    const dismissed$ = new BehaviorSubject<ReadonlySet<string>>(new Set(BARS.filter((b) => cookies.get(dismissCookie(b.id)) === '1').map((b) => b.id)));
    ctx.onTeardown(() => dismissed$.complete());

    const close = (id: BarId) => {
      const name = dismissCookie(id);
      cookies.set(name, '1', { maxAge: options.dismissDays * 86400 });
      ctx.bus.emit('cookie:change', { name, value: '1' });
      dismissed$.next(new Set([...dismissed$.value, id]));
    };

    for (const bar of BARS as readonly BarDef[]) {
      if (!options.bars.includes(bar.id)) continue;
      ctx.slot('topbar', {
        key: bar.id,
        priority: barPriority(bar.id),
        active: (env) =>
          combineLatest([env.state.compliance$, dismissed$]).pipe(
            map(([c, dismissed]) => isBarActive(bar, { limit: c.limit ?? {}, enabled: options.bars, dismissed })),
            distinctUntilChanged(),
          ),
        render: barComponent(bar, () => close(bar.id)),
      });
    }
  },
});
