import { BehaviorSubject, combineLatest, type Observable } from 'rxjs';
import { dailyCounter, derived, type ShellEnv } from '../../../core/plugin-api';
import type { ComplianceOptions } from '../options';
import { complianceBars, visibleBars, type Bar } from '../rules/bars';
import { isBarMessage, type BusinessMessage } from '../rules/business';
import { limitCounterKey, limitPageOf, resolveTipConfig, shouldOpenLimitModal, type LimitPage, type TipConfig } from '../rules/limit-modal';
import { dueNotices, type NoticeId } from '../rules/notices';
import { fetchBusinessMessages } from './business-api';
import { readSeen, rememberAck, sessionStore, STORAGE_KEYS } from './memory';

/**
 * The plugin's per-page state: due notices, business messages, closed bars, the limit modal. Created in setup
 * (cheap, no I/O); `start()` runs in the browser after hydration.
 */
export class ComplianceController {
  readonly due$ = new BehaviorSubject<NoticeId[]>([]);
  readonly business$ = new BehaviorSubject<BusinessMessage[]>([]);
  readonly dismissedBars$ = new BehaviorSubject<ReadonlySet<string>>(new Set());
  readonly limitTip$ = new BehaviorSubject<TipConfig | null>(null);
  /** Bars to render (server: critical only; browser: all not closed). */
  readonly bars$: Observable<Bar[]>;
  /** The page whose daily counter the limit modal's show bumps; null once counted (or when it never opened). */
  private limitPage: LimitPage | null = null;

  constructor(
    readonly env: ShellEnv,
    readonly options: ComplianceOptions,
  ) {
    const barMessages$ = derived([this.business$], (list) => list.filter(isBarMessage));
    this.bars$ = derived([env.state.compliance$, barMessages$, env.state.hydrated$, this.dismissedBars$], (c, msgs, hydrated, dismissed) =>
      visibleBars(complianceBars(c, msgs), { hydrated, dismissed }),
    );
  }

  /** Whether one notice is due (a modal slot item's `active`). */
  isDue(id: NoticeId): Observable<boolean> {
    return derived([this.due$], (list) => list.includes(id));
  }

  /** Business messages shown as dialogs. */
  dialogMessages(): BusinessMessage[] {
    return this.business$.value.filter((m) => !isBarMessage(m));
  }

  /** Browser, after hydration: decides the notices, the limit modal, and fetches the business messages. */
  start(): () => void {
    const { state } = this.env;
    this.dismissedBars$.next(new Set(sessionStore.list(STORAGE_KEYS.bars)));
    const sub = combineLatest([state.compliance$, state.user$, state.route$]).subscribe(([compliance, user, route]) => {
      this.due$.next(
        dueNotices({
          compliance,
          isLogin: user.isLogin,
          lng: this.env.locale.lng,
          path: route.path,
          seen: readSeen(),
          now: Date.now(),
          hkIntervalMs: this.options.hkIntervalMs,
        }),
      );
    });
    this.openLimitModal();
    let alive = true;
    void fetchBusinessMessages(this.env, this.options).then((list) => {
      const done = new Set(sessionStore.list(STORAGE_KEYS.business));
      if (alive) this.business$.next(list.filter((m) => !done.has(m.id)));
    });
    return () => {
      alive = false;
      sub.unsubscribe();
    };
  }

  /** Remembers the acknowledgement; `leaving` keeps the dialog up while the browser follows a link. */
  acknowledge(id: NoticeId, leaving = false): void {
    rememberAck(id);
    if (!leaving) this.due$.next(this.due$.value.filter((d) => d !== id));
  }

  /** A business dialog was answered (OK, cancel or close): not shown again this session. */
  businessDone(id: string): void {
    sessionStore.add(STORAGE_KEYS.business, id);
  }

  dismissBar(id: string): void {
    sessionStore.add(STORAGE_KEYS.bars, id);
    this.dismissedBars$.next(new Set([...this.dismissedBars$.value, id]));
  }

  /**
   * The limit modal became visible (the modal queue shows it): today's count for its page grows, once per page
   * load. Queued behind another dialog it is not counted, so `maxCount` is never used up unseen.
   */
  limitModalShown(): void {
    if (!this.limitPage) return;
    dailyCounter.bump(limitCounterKey(this.limitPage));
    this.limitPage = null;
  }

  /** Spec 001 §4: at most once per page load, while today's count for the page is below maxCount (counted when shown). */
  private openLimitModal(): void {
    if (this.limitTip$.value) return;
    const path = this.env.state.route$.value.path;
    const tip = resolveTipConfig(this.env.state.data.compliance.tips, this.options.limitModal);
    const page = limitPageOf(path);
    if (!page) return;
    const countToday = dailyCounter.read(limitCounterKey(page)).count;
    if (!shouldOpenLimitModal({ shown: this.options.showLimitModal, tip, path, countToday })) return;
    this.limitPage = page;
    this.limitTip$.next(tip);
  }
}
