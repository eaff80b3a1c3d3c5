import { safeLink } from '../../../core/plugin-api';
import { SHARE_TYPES, SHARE_WAYS, type ShareModalProps, type ShareRequest, type ShareType, type ShareWay } from '../types';

const MAX_TEXT = 500;

/** Where the request is made: the page URL, this region's id and link hosts, the region-wide forbidden ways. */
export interface RequestContext {
  pageUrl: string;
  subWebsiteId: number;
  allowedHosts: readonly string[];
  forbiddenWays: readonly ShareWay[];
}

/**
 * Checks a 'share:open' payload (pure): unknown sources become 'promo', the URL must be on this site (or an
 * allowed host) else the current page is shared, texts are trimmed and capped, forbidden ways are merged.
 */
export function toShareRequest(props: Partial<ShareModalProps> | undefined, ctx: RequestContext): ShareRequest {
  const p = props ?? {};
  const origin = new URL(ctx.pageUrl).origin;
  const hosts = [new URL(ctx.pageUrl).hostname, ...ctx.allowedHosts];
  const link = safeLink(p.url, hosts);
  const url = link ? new URL(link, origin).toString() : ctx.pageUrl;
  const text = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, MAX_TEXT) : '');
  const img = safeLink(p.imgSrc, hosts);
  const forbidden = new Set<ShareWay>(
    [...ctx.forbiddenWays, ...(Array.isArray(p.forbiddenWays) ? p.forbiddenWays : [])].filter((w): w is ShareWay =>
      (SHARE_WAYS as readonly string[]).includes(w),
    ),
  );
  const shareContent = text(p.shareContent);
  return {
    subWebsiteId: Number.isInteger(p.subWebsiteId) ? (p.subWebsiteId as number) : ctx.subWebsiteId,
    shareContent,
    source: isShareType(p.source) ? p.source : 'promo',
    url,
    posterContent: text(p.posterContent) || shareContent,
    title: text(p.title),
    imgSrc: img ? new URL(img, origin).toString() : null,
    forbiddenWays: [...forbidden],
    layout: p.layout === 'vertical' || p.layout === 'horizontal' ? p.layout : null,
  };
}

/** Whether a value is one of the spec's share-type keys. */
export function isShareType(v: unknown): v is ShareType {
  return typeof v === 'string' && (SHARE_TYPES as readonly string[]).includes(v);
}

/** Poster card width by layout (spec 001 §9: 240 vertical, 394 horizontal). */
export const CARD_WIDTH = { vertical: 240, horizontal: 394 } as const;
