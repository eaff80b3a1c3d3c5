import {
  bindView,
  createServiceRef,
  definePlugin,
  derived,
  lazyView,
  MODAL_LEVEL,
  useService,
  useShell,
  type ServiceReader,
  type SlotEntryDef,
  type SlotItemProps,
} from '../../core/plugin-api';
import schema from './schema.json';
import type { ComplianceOptions } from './options';
import { NOTICES, type NoticeId } from './rules/notices';
import { decideGate, explainGate } from './rules/redirect';
import { ComplianceController } from './services/controller';
import { gateContext, installLinkGuard } from './services/link-guard';

// Views load when shown (lazyView; bindView gives them the page's controller): this module keeps only what
// decides whether they show.
const TipsNotice = lazyView(() => import('./components/TipsNotice').then((m) => m.TipsNotice));
const FloatingBars = lazyView(() => import('./components/FloatingBars').then((m) => m.FloatingBars));
const NoticeDialog = lazyView(() => import('./components/NoticeDialog').then((m) => m.NoticeDialog));
const BusinessDialogs = lazyView(() => import('./components/BusinessDialog').then((m) => m.BusinessDialogs));
const LimitModal = lazyView(() => import('./components/LimitModal').then((m) => m.LimitModal));

/** Modal queue priorities of the business messages and the limit modal (below the compliance notices). */
export const BUSINESS_PRIORITY = MODAL_LEVEL.critical - 50;
export const LIMIT_MODAL_PRIORITY = MODAL_LEVEL.critical - 60;

/** The page's compliance controller (made per request in setup), read by the entries' `active` and their views. */
const CONTROLLER = createServiceRef<ComplianceController>('compliance.controller');

function useController(): ComplianceController {
  return useService(CONTROLLER);
}

/** The notice bar, the floating bars, one dialog per notice, the business messages and the limit modal. */
function slotEntries(options: ComplianceOptions): SlotEntryDef[] {
  const controllerOf = (services: ServiceReader) => services.get(CONTROLLER);
  return [
    {
      slot: 'notice',
      key: 'tips',
      priority: 10,
      active: (env) =>
        derived(
          [env.state.route$, env.state.compliance$],
          (route, compliance) => decideGate({ ...gateContext(env, options), compliance, path: route.path }).kind === 'tips',
        ),
      render: bindView(TipsNotice, function useTipsProps() {
        const { env } = useShell();
        const d = decideGate({ ...gateContext(env, options), path: env.state.route$.value.path });
        return d.kind === 'tips' ? { code: d.code } : null;
      }),
    },
    {
      slot: 'notice',
      key: 'bars',
      priority: 5,
      active: (_env, services) => derived([controllerOf(services).bars$], (bars) => bars.length > 0),
      render: bindView(FloatingBars, function useBarsProps() {
        return { controller: useController() };
      }),
    },
    ...(Object.keys(NOTICES) as NoticeId[]).map((id): SlotEntryDef => ({
      slot: 'modal',
      key: `notice-${id}`,
      priority: NOTICES[id].priority,
      active: (_env, services) => controllerOf(services).isDue(id),
      render: bindView(NoticeDialog, function useNoticeProps(props: SlotItemProps) {
        return { ...props, id, controller: useController() };
      }),
    })),
    {
      slot: 'modal',
      key: 'business',
      priority: BUSINESS_PRIORITY,
      active: (_env, services) => {
        const controller = controllerOf(services);
        return derived([controller.business$], () => controller.dialogMessages().length > 0);
      },
      render: bindView(BusinessDialogs, function useBusinessProps(props: SlotItemProps) {
        return { ...props, controller: useController() };
      }),
    },
    {
      slot: 'modal',
      key: 'limit-modal',
      priority: LIMIT_MODAL_PRIORITY,
      active: (_env, services) => derived([controllerOf(services).limitTip$], (tip) => tip !== null),
      render: bindView(LimitModal, function useLimitProps(props: SlotItemProps) {
        return { ...props, controller: useController() };
      }),
    },
  ];
}

/** Compliance gating (guards), notice dialogs, floating bars, business messages, the limit modal. */
export default definePlugin<ComplianceOptions>({
  id: 'compliance',
  options: schema,
  guards: (options) => [({ path, env }) => explainGate({ ...gateContext(env, options), compliance: env.state.data.compliance, path })],
  slotEntries,
  setup(ctx) {
    const controller = new ComplianceController(ctx, ctx.options);
    ctx.provide(CONTROLLER, controller);
    ctx.effect(() => installLinkGuard(ctx, ctx.options));
    ctx.effect(() => controller.start());
  },
});
