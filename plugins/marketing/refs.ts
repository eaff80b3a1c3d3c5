import { createLoaderRef } from '../../core/plugin-api';
import type { MarketingPlan } from './services/plans';

/** The homepage banner's targeted plan. */
export const HOME_BANNER_LOADER = createLoaderRef<MarketingPlan | null>('marketing/homeBanner');
