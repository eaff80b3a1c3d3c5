/** Share-type keys of spec 001 §3: where a share comes from. */
export const SHARE_TYPES = [
  'futures_position',
  'rewards_hub',
  'copytrading_post',
  'option_position',
  'orbrnft',
  'download-reward',
  'event_share',
  'season_share',
  'card_share',
  'news_share',
  'board_share',
  'revenue_share',
  'f1_share',
  'competition_futures',
  'vip-airdrop',
  'simple_earn',
  'dual_investment',
  'startup_mining',
  'alpha_position',
  'mybot_list',
  'vip_challenge',
  'referral_earn_voucher',
  'usd1_stablecoin_rewards',
  'promo',
  'vip_friday_lucky_draw',
  'futures_mall',
  'launchpad_share',
] as const;

export type ShareType = (typeof SHARE_TYPES)[number];

/** The ways a user can share; `forbiddenWays` removes some. */
export const SHARE_WAYS = ['copy', 'poster', 'native', 'x', 'telegram', 'facebook', 'whatsapp', 'line'] as const;

export type ShareWay = (typeof SHARE_WAYS)[number];

/** Props of the share modal (spec 001 §3), as sent with the 'share:open' event. */
export interface ShareModalProps {
  /** Sub-website the content belongs to (default: this region's id); sent to og_show. */
  subWebsiteId?: number;
  /** Text of the social post. */
  shareContent?: string;
  source: ShareType;
  /** The page to share (a site path or a URL on this site); default: the current page. */
  url?: string;
  /** Text printed on the poster (default: shareContent). */
  posterContent?: string;
  /** Heading of the poster. */
  title?: string;
  /** Poster image (a site path or an allowed host); default: the og_show site image. */
  imgSrc?: string;
  forbiddenWays?: ShareWay[];
  /** Poster card: vertical 240 px or horizontal 394 px (default from the options by viewport). */
  layout?: 'vertical' | 'horizontal';
}

/** A share request after checking: every field present and safe. */
export interface ShareRequest {
  subWebsiteId: number;
  shareContent: string;
  source: ShareType;
  url: string;
  posterContent: string;
  title: string;
  imgSrc: string | null;
  forbiddenWays: ShareWay[];
  layout: 'vertical' | 'horizontal' | null;
}

export type { ShareOptions } from './options.generated';

declare module '../../core/plugin-api' {
  interface ShellEvents {
    /** Opens the share modal (share plugin). */
    'share:open': ShareModalProps;
    /** A share happened (analytics may listen). */
    'share:done': { source: ShareType; way: ShareWay };
  }
}
