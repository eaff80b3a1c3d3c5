import { definePlugin } from '../../core/plugin-api';
import schema from './schema.json';
import type { MarketingOptions } from './types';
import { homepageBannerEntries, homepageBannerLoaders, setupHomepageBanner } from './features/homepage-banner';
import { setupVipPopup, vipPopupEntries } from './features/vip-popup';
import { newbiePopupEntries, setupNewbiePopup } from './features/newbie-popup';
import { alphaBannerEntries, setupAlphaBanner } from './features/alpha-banner';
import { homeBannersEntries, setupHomeBanners } from './features/home-banners';
import { FINGERPRINT_PLUGIN } from '../fingerprint/refs';

export { HOME_BANNER_LOADER } from './refs';

/** Marketing banners and popups (spec 001): homepage banner, VIP popup, alpha card, new-user popup, perk and promo banners. */
export default definePlugin<MarketingOptions>({
  id: 'marketing',
  options: schema,
  /** Its device id (the marketing calls' device_id), when that plugin is on. */
  optional: [FINGERPRINT_PLUGIN],
  loaders: homepageBannerLoaders,
  slotEntries: (options) => [
    ...homepageBannerEntries(options),
    ...vipPopupEntries(options),
    ...newbiePopupEntries(options),
    ...alphaBannerEntries(options),
    ...homeBannersEntries(options),
  ],
  setup(ctx) {
    setupHomepageBanner(ctx);
    setupVipPopup(ctx);
    setupNewbiePopup(ctx);
    setupAlphaBanner(ctx);
    setupHomeBanners(ctx);
  },
});
