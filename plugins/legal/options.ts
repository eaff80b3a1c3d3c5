/** Validated options of the legal plugin (schema.json). */
export interface LegalOptions {
  agreement: { enabled: boolean; scene: string; closable: boolean; skipPaths: string[] };
  declaration: { enabled: boolean; statusPath: string; submitPath: string; submitMethod: 'GET' | 'POST'; closable: boolean };
  comingSoon: { paths: string[] };
}
