import { createElement } from 'react';
import { combineLatest, map } from 'rxjs';
import { definePlugin, MODAL_PRIORITY, type SlotItemProps } from '../../core';
import schema from './schema.json';
import type { ComplianceOptions } from './options';
import { NOTICES, type NoticeId } from './rules/notices';
import { decideGate, explainGate } from './rules/redirect';
import { ComplianceController } from './services/controller';
import { gateContext, installLinkGuard } from './services/link-guard';
import { NoticeDialog } from './components/NoticeDialog';
import { BusinessDialogs } from './components/BusinessDialog';
import { FloatingBars } from './components/FloatingBars';
import { TipsNotice } from './components/TipsNotice';
import { LimitModal } from './components/LimitModal';

/** Modal queue priorities of the business messages and the limit modal (below the compliance notices). */
export const BUSINESS_PRIORITY = MODAL_PRIORITY.compliance - 50;
export const LIMIT_MODAL_PRIORITY = MODAL_PRIORITY.compliance - 60;

/** Compliance gating (guards), notice dialogs, floating bars, business messages, the limit modal. */
export default definePlugin<ComplianceOptions>({
  id: 'compliance',
  options: schema,
  setup(ctx) {
    const options = ctx.options;
    const controller = new ComplianceController(ctx, options);

    ctx.guard(({ path, env, data }) => explainGate({ ...gateContext(env, options), compliance: data.compliance, path }));
    ctx.effect(() => installLinkGuard(ctx, options));
    ctx.effect(() => controller.start());

    const gate$ = combineLatest([ctx.state.route$, ctx.state.compliance$]).pipe(map(([route, compliance]) => decideGate({ ...gateContext(ctx, options), compliance, path: route.path })));
    ctx.slot('notice', {
      key: 'tips',
      priority: 10,
      active: () => gate$.pipe(map((d) => d.kind === 'tips')),
      render: function ComplianceTips() {
        const d = decideGate({ ...gateContext(ctx, options), path: ctx.state.route$.value.path });
        return d.kind === 'tips' ? createElement(TipsNotice, { code: d.code }) : null;
      },
    });
    ctx.slot('notice', {
      key: 'bars',
      priority: 5,
      active: () => controller.bars$.pipe(map((bars) => bars.length > 0)),
      render: function ComplianceBars() {
        return createElement(FloatingBars, { controller });
      },
    });

    for (const id of Object.keys(NOTICES) as NoticeId[]) {
      ctx.slot('modal', {
        key: `notice-${id}`,
        priority: NOTICES[id].priority,
        active: () => controller.isDue(id),
        render: (props: SlotItemProps) => createElement(NoticeDialog, { ...props, id, controller }),
      });
    }
    ctx.slot('modal', {
      key: 'business',
      priority: BUSINESS_PRIORITY,
      active: () => controller.business$.pipe(map(() => controller.dialogMessages().length > 0)),
      render: (props: SlotItemProps) => createElement(BusinessDialogs, { ...props, controller }),
    });
    ctx.slot('modal', {
      key: 'limit-modal',
      priority: LIMIT_MODAL_PRIORITY,
      active: () => controller.limitTip$.pipe(map((tip) => tip !== null)),
      render: (props: SlotItemProps) => createElement(LimitModal, { ...props, controller }),
    });
  },
});
