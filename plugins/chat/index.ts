import { definePlugin, lazyView } from '../../core/plugin-api';
import schema from './schema.json';
import type { ChatOptions } from './options';
import { canShowChat, CHAT_ENTRIES, chatroomUrl } from './rules';
import { schedulePrefetch } from './prefetch';
import { chatVisible$, pageUrl } from './visibility';

// Views load when shown (lazyView): this module keeps only what decides whether they show.
const ChatWidget = lazyView(() => import('./ChatWidget').then((m) => m.ChatWidget));

export { canShowChat, shouldReopen, CHAT_BOX } from './rules';

declare module '../../core/plugin-api' {
  interface ShellEvents {
    /** Ask the chat plugin to open the support chat room. */
    'chat:open': void;
  }
}

/** The chat-room support widget (spec 000 §4, §5): launcher, room micro-frontend in an iframe, prefetch. */
export default definePlugin<ChatOptions>({
  id: 'chat',
  options: schema,
  framedEntries: () => CHAT_ENTRIES,
  slotEntries: () => [{ slot: 'floating', key: 'chat', priority: 0, active: chatVisible$, render: ChatWidget }],
  setup(ctx) {
    if (ctx.options.prefetch) {
      ctx.effect(() => {
        const { state } = ctx;
        const ok = canShowChat({
          mobileAgent: state.mobileAgent,
          width: state.viewport$.value.width,
          url: pageUrl(ctx, state.route$.value.path),
        });
        return ok ? schedulePrefetch(chatroomUrl(ctx.locale.code)) : undefined;
      });
    }
  },
});
