import { defineFakeApi, type FakeResponse, FRAMED_PAGE_HEADERS } from '../../core/plugin-api/fake-api';
import { CALL_SERVICE_ENTRY, CHATROOM_ENTRY } from './rules';
import { callServicePage, chatroomPage } from './room-page';

/** HTML answers framed by this site only; cacheable for a while so the prefetch pays off. */
const page = (raw: string): FakeResponse => ({
  raw,
  contentType: 'text/html; charset=utf-8',
  headers: { 'Cache-Control': 'private, max-age=600', ...FRAMED_PAGE_HEADERS },
});

/** The chat micro-frontend's entry pages (spec 000 §2: /groupchat/chatroom and /groupchat/call_service). */
export default defineFakeApi({
  name: 'chat',
  routes: {
    [`GET ${CHATROOM_ENTRY}`]: (req) => page(chatroomPage(req.query)),
    [`GET ${CALL_SERVICE_ENTRY}`]: (req) => page(callServicePage(req.query)),
  },
});
