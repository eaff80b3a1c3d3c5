import { BehaviorSubject } from 'rxjs';
import { definePlugin, entryWhileSet, lazyView, loader, MODAL_LEVEL, type SlotEntryDef } from '../../core/plugin-api';
import schema from './schema.json';
import type { ShareOptions, ShareRequest } from './types';
import { toShareRequest } from './services/request';

// The modal (with its poster and QR code) loads when a share is asked for; the home card with the home page.
const ShareModal = lazyView(() => import('./components/ShareModal').then((m) => m.ShareModal));
const ShareHomeCard = lazyView(() => import('./components/ShareHomeCard').then((m) => m.ShareHomeCard));
import { fetchOg } from './services/og';
import { OG_LOADER, SHARE_REQUEST } from './refs';

export type { ShareModalProps, ShareType, ShareWay } from './types';
export { SHARE_TYPES, SHARE_WAYS } from './types';

/** User-initiated, so above the marketing popups but below compliance, legal, IP and KYC dialogs. */
export const SHARE_MODAL_PRIORITY = MODAL_LEVEL.low + 100;

export { OG_LOADER } from './refs';

/** The share modal, up while a share is asked for. */
const SHARE_MODAL_ENTRY: SlotEntryDef = entryWhileSet(
  SHARE_REQUEST,
  { slot: 'modal', key: 'share', priority: SHARE_MODAL_PRIORITY },
  ShareModal,
  // Closing clears the request instead of dismiss(), so the modal can be opened again on the same page.
  (request, { subject }) => ({ key: `${request.url}|${request.source}`, request, onClose: () => subject.next(null) }),
);

/** The share modal, opened by `bus.emit('share:open', props)`; plus a home-page share card. */
export default definePlugin<ShareOptions>({
  id: 'share',
  options: schema,
  /** The poster capture (html-to-image) fetches its picture, which may sit on an allowed link host (img-src has them). */
  csp: (_options, region) => ({ connect: region.allowedLinkHosts.map((h) => `https://${h}`) }),
  // og_show feeds the page head's open-graph tags (spec 001 §7); failure keeps the site defaults.
  loaders: () => [
    loader({
      key: OG_LOADER,
      run: ({ env, path }) => fetchOg(env.http, `${env.regionOrigin(env.region.key)}${env.langPrefix}${path}`, env.region.id),
      head: (og) => ({ og: { site_name: og.site_name, image: og.site_image } }),
    }),
  ],
  slotEntries: ({ homeButton }) => [SHARE_MODAL_ENTRY, ...(homeButton ? [{ slot: 'home', key: 'share', priority: 10, render: ShareHomeCard } as const] : [])],
  setup(ctx) {
    const current = new BehaviorSubject<ShareRequest | null>(null);
    ctx.provide(SHARE_REQUEST, current);
    ctx.onTeardown(() => current.complete());
    ctx.effect(() => {
      const open = (props: Parameters<typeof toShareRequest>[0]) =>
        current.next(
          toShareRequest(props, {
            pageUrl: window.location.href,
            subWebsiteId: ctx.region.id,
            allowedHosts: ctx.region.allowedLinkHosts,
            forbiddenWays: ctx.options.forbiddenWays,
          }),
        );
      ctx.bus.on('share:open', open);
      return () => ctx.bus.off('share:open', open);
    });
  },
});
