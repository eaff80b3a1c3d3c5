/** The compliance plugin's options (schema.json is the source of truth; defaults are applied by the registry). */
export interface ComplianceOptions {
  menuPaths: Record<string, string>;
  redirectExemptPaths: string[];
  businessCheckPath: string;
  businessReminder: boolean;
  restrictedCountries: string[];
  hkIntervalMs: number;
  uzbekistanDeadline: string;
  exclusivePerkUsd: number;
  limitModal: LimitModalOptions;
}

export interface LimitModalOptions {
  enable: boolean;
  path: Array<'register' | 'home' | 'login'>;
  maxCount: number;
  ok_button_router: string;
}
