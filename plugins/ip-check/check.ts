import { BehaviorSubject } from 'rxjs';
import { createServiceRef, HTTP, inject, injectable, localStore, optionsRefOf, SHELL_ENV, type HttpClient, type ShellEnv } from '../../core/plugin-api';
import { afterVpnCancel, dialogFor, IP_CHECK_API, parseIpReply, type IpCheckData, type IpDialog } from './reply';
import { ignoreKey, isStoredToken, isSuppressed, isTokenValid, tokenKey, tokenToStore } from './storage';
import { gatherIps, type GatheredIps } from './webrtc';
import type { AnswerTypes, IpAnswer, IpCheckOptions } from './options';

/** How long an answer's report may hold the user before the page moves on. */
const ANSWER_WAIT_MS = 2000;

/** What the modal shows. */
export interface IpCheckView {
  dialog: IpDialog;
  data: IpCheckData | null;
}

/** Storage the check uses (core `localStore` in the page). */
export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): unknown;
}

/** What the check reaches outside the request: storage, WebRTC, the clock, the reload (tests replace them). */
export interface IpCheckHooks {
  store: KeyValueStore;
  gather: () => Promise<GatheredIps>;
  now?: () => number;
  reload?: () => void;
}

/** The hooks in the request container: `services: [[IP_CHECK_HOOKS, …]]` in a plugin test. */
export const IP_CHECK_HOOKS = createServiceRef<IpCheckHooks>('ip-check.hooks');

/** The page's hooks: core `localStore`, WebRTC gathering with the options' STUN server, `location.reload()`. */
@injectable()
export class PageHooks implements IpCheckHooks {
  readonly store = localStore;
  constructor(@inject(optionsRefOf<IpCheckOptions>('ip-check')) private readonly options: IpCheckOptions) {}
  gather = () => gatherIps({ stunServer: this.options.stunServer });
}

interface IpCheckDeps extends IpCheckHooks {
  http: Pick<HttpClient, 'post'>;
  uid: string;
  /** Token lifetime when the reply gives no expiry. */
  ttlMs: number;
  /** Request type per answer (option answerTypes); absent or null: nothing is sent. */
  answerTypes?: Partial<AnswerTypes>;
}

/** The page's IpCheckController in the request container. */
export const IP_CHECK_CONTROLLER = createServiceRef<IpCheckController>('ip-check.controller');

/**
 * The IP check of one page (spec 001 §4, §7): skip while a valid token is stored, gather WebRTC addresses, POST
 * type 1, store a passing token, then show the dialog the result asks for. Any failure shows nothing.
 */
@injectable()
export class IpCheckController {
  readonly view$ = new BehaviorSubject<IpCheckView>({ dialog: 'none', data: null });
  private readonly now: () => number;
  private readonly deps: IpCheckDeps;

  constructor(
    @inject(HTTP) http: HttpClient,
    @inject(SHELL_ENV) env: ShellEnv,
    @inject(optionsRefOf<IpCheckOptions>('ip-check')) options: IpCheckOptions,
    @inject(IP_CHECK_HOOKS) hooks: IpCheckHooks,
  ) {
    const { store, gather, now, reload } = hooks;
    this.deps = { http, uid: env.state.data.user.uid, ttlMs: options.tokenTtlMinutes * 60_000, answerTypes: options.answerTypes, store, gather, reload };
    this.now = now ?? Date.now;
  }

  /** Runs the check once; resolves with the dialog shown ('none' when skipped or failed). */
  async run(): Promise<IpDialog> {
    const { store, uid } = this.deps;
    if (isTokenValid(this.storedToken(), this.now())) return 'none';
    let gathered: GatheredIps = { ips: [], stuns: [] };
    try {
      gathered = await this.deps.gather();
    } catch {
      /* no WebRTC: empty lists */
    }
    let raw: unknown;
    try {
      raw = await this.deps.http.post(IP_CHECK_API, { type: 1, ips: JSON.stringify(gathered.ips), stuns: JSON.stringify(gathered.stuns) });
    } catch {
      return 'none';
    }
    const data = parseIpReply(raw);
    if (!data) return 'none';
    const token = tokenToStore(data, this.now(), this.deps.ttlMs);
    if (token) store.set(tokenKey(uid), JSON.stringify(token));
    const dialog = dialogFor(data, this.suppressed());
    if (!this.view$.closed) this.view$.next({ dialog, data });
    return dialog;
  }

  /**
   * Reports the user's answer with its request type (spec 001 §7 types 2 and 3; mapping: option answerTypes).
   * Resolves true when a request went out (whatever the reply: a failure never holds the user), false when the
   * answer has no type.
   */
  async answer(kind: IpAnswer): Promise<boolean> {
    const type = this.deps.answerTypes?.[kind];
    if (type !== 2 && type !== 3) return false;
    try {
      await this.deps.http.post(IP_CHECK_API, { type }, { timeoutMs: ANSWER_WAIT_MS });
    } catch {
      /* any failure lets the user through */
    }
    return true;
  }

  /** Whether an answer is reported (the dialog then waits for it before leaving the page). */
  reports(kind: IpAnswer): boolean {
    const type = this.deps.answerTypes?.[kind];
    return type === 2 || type === 3;
  }

  /** VPN notice, accept: report the answer, then reload the page (the check runs again). */
  async accept(): Promise<void> {
    await this.answer('vpnAccept');
    (this.deps.reload ?? (() => window.location.reload()))();
  }

  /** VPN notice, cancel: report the answer; the result-2 prompt (unless suppressed). */
  cancel(): void {
    const data = this.view$.value.data;
    if (!data) return;
    void this.answer('vpnCancel');
    this.view$.next({ dialog: afterVpnCancel(data, this.suppressed()), data });
  }

  /** Closes a closable result-2 prompt, reports it, and keeps it away for 2 hours for this user. */
  closeUpgrade(): void {
    const data = this.view$.value.data;
    if (!data?.closable) return;
    void this.answer('upgradeClose');
    this.deps.store.set(ignoreKey(this.deps.uid), String(this.now()));
    this.view$.next({ dialog: 'none', data });
  }

  dispose(): void {
    this.view$.complete();
  }

  private suppressed(): boolean {
    return isSuppressed(this.deps.store.get(ignoreKey(this.deps.uid)), this.now());
  }

  private storedToken() {
    try {
      const parsed: unknown = JSON.parse(this.deps.store.get(tokenKey(this.deps.uid)) ?? 'null');
      return isStoredToken(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }
}
