/** Validated options of the ip-check plugin (schema.json). */
export interface IpCheckOptions {
  stunServer: string;
  requireLogin: boolean;
  skipPaths: string[];
  tokenTtlMinutes: number;
  upgradePath: string;
}
