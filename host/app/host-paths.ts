/** Paths the host serves itself (before any plugin route); a plugin route on one of them would be shadowed. */
export const HOST_PATHS = { home: '/', complianceTips: '/state_compliance_tips' } as const;

/** Paths the server answers before any page route: probes, metrics and the operator page (and its JSON). */
export const SERVER_PATHS = {
  healthz: '/healthz',
  readyz: '/readyz',
  metrics: '/metrics',
  operator: '/__operator',
  operatorJson: '/__operator.json',
} as const;

const reservedPaths = (): readonly string[] => [...Object.values(HOST_PATHS), ...Object.values(SERVER_PATHS)];

/** Every path a plugin route may not take (validate refuses it). Marked pure: the browser bundle, which never reads it, drops it. */
export const RESERVED_PATHS: readonly string[] = /* @__PURE__ */ reservedPaths();
