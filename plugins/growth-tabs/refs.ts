import { createLoaderRef } from '../../core/plugin-api';
import type { CompetitionItem, RebateInfo, ReferralOverview, RewardItem } from './services/api';

/** The logged-in user's rebate info on the growth tabs' pages. */
export const REBATE_LOADER = createLoaderRef<RebateInfo | null>('growth-tabs/rebate');

/** The rewards hub's list. */
export const REWARDS_LOADER = createLoaderRef<RewardItem[] | null>('growth-tabs/rewards');

/** The competition center's list. */
export const COMPETITIONS_LOADER = createLoaderRef<CompetitionItem[] | null>('growth-tabs/competitions');

/** The referral page's overview (logged in). */
export const REFERRAL_LOADER = createLoaderRef<ReferralOverview | null>('growth-tabs/referral');
