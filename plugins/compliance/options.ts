import type { ComplianceOptions } from './options.generated';

export type { ComplianceOptions };

/** The limit modal's tip config (schema.json `limitModal`). */
export type LimitModalOptions = ComplianceOptions['limitModal'];
