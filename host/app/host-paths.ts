/** Paths the host serves itself (before any plugin route); a plugin route on one of them would be shadowed. */
export const HOST_PATHS = { home: '/', complianceTips: '/state_compliance_tips' } as const;

export const RESERVED_PATHS: readonly string[] = Object.values(HOST_PATHS);
