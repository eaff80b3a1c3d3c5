import { createLoaderRef } from '../../core';
import type { TipBarData } from './services/api';

/** The KYC tip bar's footer tips and the user's KYC status. */
export const TIPS_LOADER = createLoaderRef<TipBarData | null>('kyc/tips');
