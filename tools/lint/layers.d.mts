/** Types of tools/lint/layers.mjs. */
export declare const HOST_FOR_TOOLS: string;
export declare const PLUGIN_API: string;
export declare function isTestFile(path: string): boolean;
export declare function layerOf(path: string): { layer: 'core' | 'kit' | 'plugin' | 'host' | 'tools' | 'data' | 'other'; plugin?: string; inPlugin?: string };
export declare function boundaryViolation(from: string, to: string): string | null;
