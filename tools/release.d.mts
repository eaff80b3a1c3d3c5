/** Types of tools/release.mjs. */
export declare function releaseInfo(env?: Record<string, string | undefined>, now?: Date): { id: string; date: string };
