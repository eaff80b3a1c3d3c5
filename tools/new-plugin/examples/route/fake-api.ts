import { defineFakeApi, ok } from '../../../../core/plugin-api/fake-api';
import { SUMMARY_PATH } from './rules';

/** The page's endpoint under the fake API, and a persona whose back end does not answer it. */
export default defineFakeApi({
  name: 'campaign',
  routes: {
    [`GET ${SUMMARY_PATH}`]: () => ok({ count: 3 }),
  },
  scenarios: [
    {
      name: 'campaign-down',
      description: "campaign's summary endpoint fails (HTTP 500): its page says the figure is not available.",
      responses: { [SUMMARY_PATH]: { status: 500, body: { code: 500, message: 'internal error' } } },
    },
  ],
});
