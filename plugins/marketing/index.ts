import { definePlugin } from '../../core';
import schema from './schema.json';
import type { MarketingOptions } from './types';
import { homepageBannerLoaders, setupHomepageBanner } from './features/homepage-banner';
import { setupVipPopup } from './features/vip-popup';
import { setupNewbiePopup } from './features/newbie-popup';
import { setupAlphaBanner } from './features/alpha-banner';
import { setupHomeBanners } from './features/home-banners';
import { FINGERPRINT_PLUGIN } from '../fingerprint/refs';

export { HOME_BANNER_LOADER } from './refs';

/** Marketing banners and popups (spec 001): homepage banner, VIP popup, alpha card, new-user popup, perk and promo banners. */
export default definePlugin<MarketingOptions>({
  id: 'marketing',
  options: schema,
  /** Its device id (the marketing calls' device_id), when that plugin is on. */
  optional: [FINGERPRINT_PLUGIN],
  loaders: homepageBannerLoaders,
  setup(ctx) {
    setupHomepageBanner(ctx);
    setupVipPopup(ctx);
    setupNewbiePopup(ctx);
    setupAlphaBanner(ctx);
    setupHomeBanners(ctx);
  },
});
