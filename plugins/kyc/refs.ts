import type { BehaviorSubject } from 'rxjs';
import { createLoaderRef, createServiceRef } from '../../core/plugin-api';
import type { TipBarData } from './services/api';
import type { NoticeDecision } from './services/notice';

/** The KYC tip bar's footer tips and the user's KYC status. */
export const TIPS_LOADER = createLoaderRef<TipBarData | null>('kyc/tips');

/** The page's KYC notice decision (null until the back end answered, or when none is due): made per request in setup. */
export const NOTICE_DECISION = createServiceRef<BehaviorSubject<NoticeDecision | null>>('kyc.noticeDecision');
