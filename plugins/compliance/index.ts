import { combineLatest, map } from 'rxjs';
import { bindView, definePlugin, lazyView, MODAL_LEVEL, type SlotItemProps } from '../../core';
import schema from './schema.json';
import type { ComplianceOptions } from './options';
import { NOTICES, type NoticeId } from './rules/notices';
import { decideGate, explainGate } from './rules/redirect';
import { ComplianceController } from './services/controller';
import { gateContext, installLinkGuard } from './services/link-guard';

// Views load when shown (lazyView; bindView gives them this request's controller): this module keeps only what
// decides whether they show.
const TipsNotice = lazyView(() => import('./components/TipsNotice').then((m) => m.TipsNotice));
const FloatingBars = lazyView(() => import('./components/FloatingBars').then((m) => m.FloatingBars));
const NoticeDialog = lazyView(() => import('./components/NoticeDialog').then((m) => m.NoticeDialog));
const BusinessDialogs = lazyView(() => import('./components/BusinessDialog').then((m) => m.BusinessDialogs));
const LimitModal = lazyView(() => import('./components/LimitModal').then((m) => m.LimitModal));

/** Modal queue priorities of the business messages and the limit modal (below the compliance notices). */
export const BUSINESS_PRIORITY = MODAL_LEVEL.critical - 50;
export const LIMIT_MODAL_PRIORITY = MODAL_LEVEL.critical - 60;

/** Compliance gating (guards), notice dialogs, floating bars, business messages, the limit modal. */
export default definePlugin<ComplianceOptions>({
  id: 'compliance',
  options: schema,
  guards: (options) => [({ path, env, data }) => explainGate({ ...gateContext(env, options), compliance: data.compliance, path })],
  setup(ctx) {
    const options = ctx.options;
    const controller = new ComplianceController(ctx, options);

    ctx.effect(() => installLinkGuard(ctx, options));
    ctx.effect(() => controller.start());

    const gate$ = combineLatest([ctx.state.route$, ctx.state.compliance$]).pipe(
      map(([route, compliance]) => decideGate({ ...gateContext(ctx, options), compliance, path: route.path })),
    );
    ctx.slot('notice', {
      key: 'tips',
      priority: 10,
      active: () => gate$.pipe(map((d) => d.kind === 'tips')),
      render: bindView(TipsNotice, () => {
        const d = decideGate({ ...gateContext(ctx, options), path: ctx.state.route$.value.path });
        return d.kind === 'tips' ? { code: d.code } : null;
      }),
    });
    ctx.slot('notice', {
      key: 'bars',
      priority: 5,
      active: () => controller.bars$.pipe(map((bars) => bars.length > 0)),
      render: bindView(FloatingBars, () => ({ controller })),
    });

    for (const id of Object.keys(NOTICES) as NoticeId[]) {
      ctx.slot('modal', {
        key: `notice-${id}`,
        priority: NOTICES[id].priority,
        active: () => controller.isDue(id),
        render: bindView(NoticeDialog, (props: SlotItemProps) => ({ ...props, id, controller })),
      });
    }
    ctx.slot('modal', {
      key: 'business',
      priority: BUSINESS_PRIORITY,
      active: () => controller.business$.pipe(map(() => controller.dialogMessages().length > 0)),
      render: bindView(BusinessDialogs, (props: SlotItemProps) => ({ ...props, controller })),
    });
    ctx.slot('modal', {
      key: 'limit-modal',
      priority: LIMIT_MODAL_PRIORITY,
      active: () => controller.limitTip$.pipe(map((tip) => tip !== null)),
      render: bindView(LimitModal, (props: SlotItemProps) => ({ ...props, controller })),
    });
  },
});
