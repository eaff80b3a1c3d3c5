import { defineFakeApi } from '../../core/plugin-api/fake-api';
import { CHART_API } from './constants';
import { barsHandler, configHandler, searchHandler, symbolHandler } from './fake/market';
import { chartStream } from './fake/stream';
import { BUSY_PACE, liquidationHandler, marksHandler, moveOrderHandler, ordersHandler, positionsHandler } from './fake/trading';

/** Chart endpoints of the fake exchange API: market data, the demo user's fills/positions/orders, a live stream. */
export default defineFakeApi({
  routes: {
    [`GET ${CHART_API.config}`]: () => configHandler(),
    [`GET ${CHART_API.symbol}`]: (req) => symbolHandler(req),
    [`GET ${CHART_API.search}`]: (req) => searchHandler(req),
    [`GET ${CHART_API.bars}`]: (req) => barsHandler(req),
    [`GET ${CHART_API.marks}`]: (req) => marksHandler(req),
    [`GET ${CHART_API.positions}`]: (req) => positionsHandler(req),
    [`GET ${CHART_API.orders}`]: (req) => ordersHandler(req),
    [`POST ${CHART_API.orderMove}`]: (req) => moveOrderHandler(req),
    [`GET ${CHART_API.liquidation}`]: (req) => liquidationHandler(req),
  },
  scenarios: [
    {
      name: 'chart-slow',
      description: 'Chart bars answer after 4 s (the skeleton stays up)',
      responses: { [CHART_API.bars]: (req) => ({ ...barsHandler(req), delayMs: 4000 }) },
    },
    {
      name: 'chart-busy-trader',
      description: 'The demo user has 10,000 fills over about 300 days (one every 45 minutes on average)',
      responses: { [CHART_API.marks]: (req) => marksHandler(req, Date.now() / 1000, BUSY_PACE) },
    },
    {
      name: 'chart-no-data',
      description: 'The chart has no bars for any symbol',
      responses: { [CHART_API.bars]: { body: { code: 0, message: 'success', data: { s: 'no_data' } } } },
    },
    {
      name: 'chart-down',
      description: 'Chart data endpoints fail with HTTP 500',
      responses: {
        [CHART_API.bars]: { status: 500, body: { code: 500, message: 'internal error' } },
        [CHART_API.symbol]: { status: 500, body: { code: 500, message: 'internal error' } },
      },
    },
    {
      name: 'chart-malformed',
      description: 'Chart bars reply with malformed JSON',
      responses: { [CHART_API.bars]: { raw: '{"code":0,"data":{"s":"ok","t":[1,2' } },
    },
  ],
  streams: { [CHART_API.stream]: (req, res) => chartStream(req, res) },
});
