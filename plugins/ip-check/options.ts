/** Validated options of the ip-check plugin (schema.json). */
export interface IpCheckOptions {
  stunServer: string;
  requireLogin: boolean;
  skipPaths: string[];
  tokenTtlMinutes: number;
  upgradePath: string;
  /** Request type sent for each answer (null: none). */
  answerTypes: AnswerTypes;
}

/** The user's answers to the prompts that may be reported to the back end. */
export type IpAnswer = 'vpnAccept' | 'vpnCancel' | 'upgradeAccept' | 'upgradeClose';
export type AnswerTypes = Record<IpAnswer, 2 | 3 | null>;
