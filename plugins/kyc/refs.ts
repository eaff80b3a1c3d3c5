import { createLoaderRef } from '../../core';
import type { FooterTips } from './services/api';

/** The KYC tip bar's footer tips. */
export const TIPS_LOADER = createLoaderRef<FooterTips | null>('kyc/tips');
