import { BehaviorSubject } from 'rxjs';
import type { HttpClient } from '../../core';
import { afterVpnCancel, dialogFor, IP_CHECK_API, parseIpReply, type IpCheckData, type IpDialog } from './reply';
import { ignoreKey, isStoredToken, isSuppressed, isTokenValid, tokenKey, tokenToStore } from './storage';
import type { GatheredIps } from './webrtc';

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

export interface IpCheckDeps {
  http: Pick<HttpClient, 'post'>;
  uid: string;
  store: KeyValueStore;
  gather: () => Promise<GatheredIps>;
  /** Token lifetime when the reply gives no expiry. */
  ttlMs: number;
  now?: () => number;
  reload?: () => void;
}

/** tsyringe token of the page's IpCheckController. */
export const IP_CHECK_CONTROLLER = 'ip-check.controller';

/**
 * The IP check of one page (spec 001 §4, §7): skip while a valid token is stored, gather WebRTC addresses, POST
 * type 1, store a passing token, then show the dialog the result asks for. Any failure shows nothing.
 */
export class IpCheckController {
  readonly view$ = new BehaviorSubject<IpCheckView>({ dialog: 'none', data: null });
  private readonly now: () => number;

  constructor(private readonly deps: IpCheckDeps) {
    this.now = deps.now ?? Date.now;
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

  /** VPN notice, accept: reload the page (the check runs again). */
  accept(): void {
    (this.deps.reload ?? (() => window.location.reload()))();
  }

  /** VPN notice, cancel: the result-2 prompt (unless suppressed). */
  cancel(): void {
    const data = this.view$.value.data;
    if (!data) return;
    this.view$.next({ dialog: afterVpnCancel(data, this.suppressed()), data });
  }

  /** Closes a closable result-2 prompt and keeps it away for 2 hours for this user. */
  closeUpgrade(): void {
    const data = this.view$.value.data;
    if (!data?.closable) return;
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
