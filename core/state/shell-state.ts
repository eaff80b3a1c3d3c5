import { BehaviorSubject, type Observable } from 'rxjs';
import type { LocaleInfo } from '../i18n/locales';
import type { ComplianceResult, ShellData, SiteSettings, UserState } from '../data/types';
import { accountFigureStream, figureValues, type AccountData, type AccountFetcher, type AccountFigure, type AccountKey } from '../data/account';

/** Spec 000 §9 mobile breakpoint. */
export const MOBILE_BREAKPOINT = 768;

export interface Viewport {
  width: number;
  /** Width at most 768 px (spec 000 §4). */
  isMobile: boolean;
}

export interface RouteState {
  /** Path without the locale prefix. */
  path: string;
  query: Record<string, string>;
  params: Record<string, string>;
}

export function viewportOf(width: number): Viewport {
  return { width, isMobile: width <= MOBILE_BREAKPOINT };
}

/** The data$ parts with a stream of their own on the state. */
const PARTS = ['user', 'site', 'compliance'] as const;
type Parts = { [K in (typeof PARTS)[number]]: BehaviorSubject<ShellData[K]> };

/**
 * data$, keeping a subject per part (user$, site$, compliance$) in step: a part emits when its value changed. Reading
 * a part is then one subscription to a subject (or its value: `currentValue`), not a chain of operators for every view
 * and slot item that reads it.
 */
class ShellDataSubject extends BehaviorSubject<ShellData> {
  readonly parts: Parts;

  constructor(data: ShellData) {
    super(data);
    this.parts = { user: new BehaviorSubject(data.user), site: new BehaviorSubject(data.site), compliance: new BehaviorSubject(data.compliance) };
  }

  override next(data: ShellData): void {
    super.next(data);
    for (const k of PARTS) if (data[k] !== this.parts[k].value) (this.parts[k] as BehaviorSubject<unknown>).next(data[k]);
  }

  override complete(): void {
    super.complete();
    for (const k of PARTS) this.parts[k].complete();
  }
}

/**
 * The request's (server) or page's (browser) state as rxjs subjects. One instance per request,
 * created in the request container: never shared between users.
 */
export class ShellState {
  readonly data$: BehaviorSubject<ShellData>;
  readonly user$: Observable<UserState>;
  readonly site$: Observable<SiteSettings>;
  readonly compliance$: Observable<ComplianceResult>;
  readonly viewport$: BehaviorSubject<Viewport>;
  /** The viewport the server rendered for (its guess): hydration renders with it, then follows viewport$. */
  readonly serverViewport: Viewport;
  readonly route$: BehaviorSubject<RouteState>;
  readonly locale$: BehaviorSubject<LocaleInfo>;
  /** False on the server and during the first browser render; true once hydrated. */
  readonly hydrated$ = new BehaviorSubject(false);
  /** True when the page runs inside the native app webview (device_type 1 or 2). */
  readonly inApp: boolean;
  /** User agent says phone or tablet. */
  readonly mobileAgent: boolean;
  private readonly fetchAccount?: AccountFetcher;
  private readonly accountStreams = new Map<string, Observable<unknown>>();

  /** `fetchAccount`: how the browser asks for account figures; without it (the server) they keep their defaults. */
  constructor(init: {
    data: ShellData;
    route: RouteState;
    locale: LocaleInfo;
    viewportWidth: number;
    inApp: boolean;
    mobileAgent: boolean;
    fetchAccount?: AccountFetcher;
  }) {
    const data$ = new ShellDataSubject(init.data);
    this.data$ = data$;
    this.user$ = data$.parts.user;
    this.site$ = data$.parts.site;
    this.compliance$ = data$.parts.compliance;
    this.serverViewport = viewportOf(init.viewportWidth);
    this.viewport$ = new BehaviorSubject(this.serverViewport);
    this.route$ = new BehaviorSubject(init.route);
    this.locale$ = new BehaviorSubject(init.locale);
    this.inApp = init.inApp;
    this.mobileAgent = init.mobileAgent;
    this.fetchAccount = init.fetchAccount;
  }

  /**
   * One account figure of the logged-in user (tier, funds with `total_usd`, KYC status, sub-account type, VIP tier):
   * its default first, then the back end's answer, asked for on the first subscription (core/data/account.ts).
   */
  account$<K extends AccountKey>(key: K): Observable<AccountData[K]> {
    return this.cached(`value:${key}`, () => figureValues(this.accountFigure$(key)));
  }

  /** As `account$`, with where the figure stands (pending, ready, failed): a failed one shows a dash, not a number. */
  accountFigure$<K extends AccountKey>(key: K): Observable<AccountFigure<AccountData[K]>> {
    return this.cached(`figure:${key}`, () => accountFigureStream(this.user$, key, this.fetchAccount));
  }

  private cached<T>(id: string, make: () => Observable<T>): Observable<T> {
    let stream = this.accountStreams.get(id);
    if (!stream) this.accountStreams.set(id, (stream = make()));
    return stream as Observable<T>;
  }

  get data(): ShellData {
    return this.data$.value;
  }

  /** Replaces one core datum (e.g. after a client-side refetch). */
  update<K extends keyof ShellData>(key: K, value: ShellData[K]): void {
    this.data$.next({ ...this.data$.value, [key]: value });
  }

  complete(): void {
    for (const s of [this.data$, this.viewport$, this.route$, this.locale$, this.hydrated$]) s.complete();
  }
}

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|webOS|BlackBerry|IEMobile|Opera Mini/i;

export function isMobileUserAgent(ua: string | undefined): boolean {
  return MOBILE_UA.test(ua ?? '');
}
