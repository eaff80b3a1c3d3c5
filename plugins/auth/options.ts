import type { LoginProvider } from '../../core/config/region';

/** Options of the auth plugin (schema.json). */
export interface AuthOptions {
  /** Place in the modal queue (core MODAL_LEVEL: blocking 1000, critical 900, ...). */
  modalPriority: number;
  /** Overrides of the OAuth providers' authorization endpoints. */
  authorizeUrls: Partial<Record<Exclude<LoginProvider, 'metamask'>, string>>;
}
