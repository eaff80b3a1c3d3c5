export type { IpCheckOptions } from './options.generated';

/** The user's answers to the prompts that may be reported to the back end. */
export type IpAnswer = 'vpnAccept' | 'vpnCancel' | 'upgradeAccept' | 'upgradeClose';
export type AnswerTypes = Record<IpAnswer, 2 | 3 | null>;
