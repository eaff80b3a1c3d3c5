import { BehaviorSubject } from 'rxjs';
import { createServiceRef, HTTP, inject, injectable, optionsRefOf, type HttpClient } from '../../core/plugin-api';
import type { LegalOptions } from './options';
import { AGREEMENT_API, DECLARATION, isSubmitAccepted, parseAgreement, parseDeclarationStatus, type AgreementView, type DeclarationStatus } from './rules';

/** The page's LegalController in the request container. */
export const LEGAL_CONTROLLER = createServiceRef<LegalController>('legal.controller');

export interface AgreementState extends AgreementView {
  submitting: boolean;
}

export interface DeclarationState {
  show: boolean;
  status: DeclarationStatus;
  submitting: boolean;
}

const HIDDEN_AGREEMENT: AgreementState = { show: false, content: '', submitButton: '', submitting: false };

/** The legal dialogs' state and calls for one page (browser); each dialog reads its subject. */
@injectable()
export class LegalController {
  readonly agreement$ = new BehaviorSubject<AgreementState>(HIDDEN_AGREEMENT);
  readonly declaration$ = new BehaviorSubject<DeclarationState>({ show: false, status: DECLARATION.needSign, submitting: false });
  readonly comingSoon$ = new BehaviorSubject(false);

  private readonly deps: { http: Pick<HttpClient, 'get' | 'post'>; options: LegalOptions };

  /** Built by the request container: the request's HTTP client and the plugin's options. */
  constructor(@inject(HTTP) http: Pick<HttpClient, 'get' | 'post'>, @inject(optionsRefOf<LegalOptions>('legal')) options: LegalOptions) {
    this.deps = { http, options };
  }

  /** POST status with the scene; status 1 shows the modal, anything else (or a failure) hides it. */
  async loadAgreement(): Promise<void> {
    const raw = await this.call(() => this.deps.http.post(AGREEMENT_API.status, { scene: this.deps.options.agreement.scene }));
    this.next(this.agreement$, { ...parseAgreement(raw), submitting: false });
  }

  /** POST submit-status; a code-0 reply clears the modal. Resolves whether it was accepted. */
  async submitAgreement(): Promise<boolean> {
    const current = this.agreement$.value;
    if (!current.show || current.submitting) return false;
    this.next(this.agreement$, { ...current, submitting: true });
    const ok = isSubmitAccepted(await this.call(() => this.deps.http.post(AGREEMENT_API.submit, { scene: this.deps.options.agreement.scene })));
    this.next(this.agreement$, ok ? HIDDEN_AGREEMENT : { ...current, submitting: false });
    return ok;
  }

  /** Closes a closable agreement for this page. */
  closeAgreement(): void {
    if (this.deps.options.agreement.closable) this.next(this.agreement$, HIDDEN_AGREEMENT);
  }

  /** Get-status; a failure counts as status 1 (need sign), which shows the declaration. */
  async loadDeclaration(): Promise<void> {
    const raw = await this.call(() => this.deps.http.get(this.deps.options.declaration.statusPath, undefined, { dedupe: false }));
    const status = parseDeclarationStatus(raw);
    this.next(this.declaration$, { show: status === DECLARATION.needSign, status, submitting: false });
  }

  /** Submit-status; a code-0 reply moves the declaration to signed (2). Resolves whether it was accepted. */
  async submitDeclaration(): Promise<boolean> {
    const current = this.declaration$.value;
    if (!current.show || current.submitting || current.status === DECLARATION.signed) return false;
    this.next(this.declaration$, { ...current, submitting: true });
    const { submitPath, submitMethod } = this.deps.options.declaration;
    const body = { status: DECLARATION.signed };
    const raw = await this.call(() =>
      submitMethod === 'GET' ? this.deps.http.get(submitPath, body, { dedupe: false }) : this.deps.http.post(submitPath, body),
    );
    const ok = isSubmitAccepted(raw);
    this.next(this.declaration$, { show: true, status: ok ? DECLARATION.signed : DECLARATION.needSign, submitting: false });
    return ok;
  }

  /** Hides the declaration for this page (signed, or postponed when closable). */
  closeDeclaration(): void {
    const current = this.declaration$.value;
    if (current.submitting || (current.status === DECLARATION.needSign && !this.deps.options.declaration.closable)) return;
    this.next(this.declaration$, { ...current, show: false });
  }

  openComingSoon(): void {
    this.next(this.comingSoon$, true);
  }

  closeComingSoon(): void {
    this.next(this.comingSoon$, false);
  }

  dispose(): void {
    this.agreement$.complete();
    this.declaration$.complete();
    this.comingSoon$.complete();
  }

  private async call(fn: () => Promise<unknown>): Promise<unknown> {
    try {
      return await fn();
    } catch {
      return undefined;
    }
  }

  private next<T>(subject: BehaviorSubject<T>, value: T) {
    if (!subject.closed) subject.next(value);
  }
}
