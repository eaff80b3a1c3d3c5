import type { HttpCallEvent } from '../../core/http/client';
import type { GuardTrace, LoaderTrace } from '../../core/registry/run';
import type { RequestScope } from './request-scope-types';

/** What `npm run explain` collects while the real pipeline serves its one request. */
export interface ExplainTrace {
  guards: GuardTrace[];
  loaders: LoaderTrace[];
  calls: HttpCallEvent[];
  logs: string[];
  /** Called once the request's scope is complete (data, guards, loaders), before the page renders. */
  onScope?: (scope: RequestScope) => void;
}

let current: ExplainTrace | null = null;

/** The trace being collected: only in the `explain` command's own process, null when serving. */
export function explainTrace(): ExplainTrace | null {
  return current;
}

export function startExplainTrace(onScope: ExplainTrace['onScope']): ExplainTrace {
  current = { guards: [], loaders: [], calls: [], logs: [], onScope };
  return current;
}
