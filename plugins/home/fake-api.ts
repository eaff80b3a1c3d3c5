import { defineFakeApi, fail, FRAMED_PAGE_HEADERS } from '../../core/plugin-api/fake-api';
import { HOME_API } from './types';
import { dlTaskInfo, homeStats, subAccountInfo } from './fake/home-data';
import { MICRO_APPS, microAppPage } from './fake/micro-pages';

/** Default path of the sub-account info call (the plugin option subAccount.infoPath). */
const SUB_ACCOUNT_PATH = '/api/web/v1/sub-account/get_sub_account_info';
const down = { status: 500, body: { code: 500, message: 'internal error' } };

/** Home endpoints, the sub-account lookup and the transfer micro-app pages. */
export default defineFakeApi({
  name: 'home',
  routes: {
    [`GET ${HOME_API.stats}`]: homeStats,
    [`GET ${HOME_API.dlTask}`]: dlTaskInfo,
    [`GET ${SUB_ACCOUNT_PATH}`]: subAccountInfo,
    'GET /micro/:app/index.html': (req) => {
      const app = MICRO_APPS.find((a) => a === req.params?.app);
      if (!app) return fail(404, `no micro-app '${req.params?.app}'`);
      return { raw: microAppPage(app), contentType: 'text/html; charset=utf-8', headers: { 'Cache-Control': 'no-cache', ...FRAMED_PAGE_HEADERS } };
    },
  },
  scenarios: [
    {
      name: 'home-stats-down',
      description: 'Home statistics answer HTTP 500 (the section falls back to zeros and hides).',
      responses: { [HOME_API.stats]: down },
    },
    {
      name: 'dl-task-none',
      description: 'No app-download task (has_dl_task 0): the home card is hidden.',
      responses: { [HOME_API.dlTask]: { body: { code: 0, message: 'success', data: { has_dl_task: 0, reward_num: '0', reward_currency: 'USDT' } } } },
    },
    {
      name: 'micro-app-down',
      description: 'Logged-in user whose transfer micro-app entries answer 404 (nothing mounts; logged only).',
      extends: 'verified-user',
      responses: {
        '/micro/funds-transfer/index.html': { status: 404, body: { code: 404 } },
        '/micro/sub-account-transfer/index.html': { status: 404, body: { code: 404 } },
      },
    },
  ],
});
