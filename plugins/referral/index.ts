import { distinctUntilChanged, map } from 'rxjs';
import { definePlugin, type ShellEnv } from '../../core/plugin-api';
import schema from './schema.json';
import { handleInvite, type ReferralOptions } from './service';

export { parseInvite, planReferral, verifyOutcome, cookieWrites, COOKIES as REFERRAL_COOKIES } from './decide';

const PARAMS = ['ref', 'ref_type', 'ch', 'group_id', 'utm_cmp'];

/** An invite needs one of these (the others only qualify it). */
const carriesInvite = (query: Record<string, string | undefined>) => !!(query.ref || query.ch || query.utm_cmp);

const skipped = (env: Pick<ShellEnv, 'region'>, options: ReferralOptions) => options.skipWhenHiddenReferral && env.region.hiddenReferral;

/**
 * Invite handling (spec 000 §4): in the browser, after hydration and on every client-side navigation whose
 * query carries invite parameters, verifies the invite and writes the referral cookies.
 */
export default definePlugin<ReferralOptions>({
  id: 'referral',
  options: schema,
  /** No user-facing text: no translation namespace to load. */
  namespaces: [],
  delivery: {
    /** Only a page whose address carries an invite has work for the browser (no link navigates client-side). */
    inBrowser: (env, options) => !skipped(env, options) && carriesInvite(env.state.route$.value.query),
  },
  setup(ctx) {
    if (ctx.isServer || skipped(ctx, ctx.options)) return;
    ctx.effect(() => {
      const sub = ctx.state.route$
        .pipe(
          map((r) => PARAMS.map((p) => r.query[p] ?? '')),
          distinctUntilChanged((a, b) => a.join('\u0000') === b.join('\u0000')),
        )
        .subscribe(([ref, ref_type, ch, group_id, utm_cmp]) => {
          if (!carriesInvite({ ref, ch, utm_cmp })) return;
          void handleInvite(
            { ref, ref_type, ch, group_id, utm_cmp },
            { cookies: ctx.cookies, http: ctx.http, bus: ctx.bus, options: ctx.options, log: (m) => console.warn(m) },
          );
        });
      return () => sub.unsubscribe();
    });
  },
});
