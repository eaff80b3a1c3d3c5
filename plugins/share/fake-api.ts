import { defineFakeApi } from '../../core/plugin-api/fake-api';
import { OG_SHOW_PATH } from './services/og';
import { ogImage, ogShow } from './fake/og';

/** Share endpoints: open-graph data and the share images it points at. */
export default defineFakeApi({
  name: 'share',
  routes: {
    [`GET ${OG_SHOW_PATH}`]: ogShow,
    'GET /cdn/share/og/:region.svg': ogImage,
  },
  scenarios: [
    {
      name: 'share-og-down',
      description: 'og_show answers HTTP 500: the share modal uses the region name and no image.',
      responses: { [OG_SHOW_PATH]: { status: 500, body: { code: 500, message: 'internal error' } } },
    },
  ],
});
