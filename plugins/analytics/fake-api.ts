import { defineFakeApi, type FakeHandler } from '../../core/plugin-api/fake-api';

/** The last events the collectors received, newest last (the fake "third party"; inspect with GET .../recent). */
const received: Array<Record<string, unknown>> = [];
const KEEP = 200;

const collect =
  (kind: 'big-data' | 'analytics' | 'pixel'): FakeHandler =>
  (req) => {
    const body = req.json && typeof req.json === 'object' && !Array.isArray(req.json) ? (req.json as Record<string, unknown>) : {};
    received.push({ ...body, kind, scenario: req.scenario, receivedAt: Date.now() });
    if (received.length > KEEP) received.splice(0, received.length - KEEP);
    return { status: 204, raw: '' };
  };

/** Collection endpoints of the analytics plugin. */
export default defineFakeApi({
  routes: {
    'POST /api/web/v1/analytics/collect': collect('big-data'),
    'POST /api/web/v1/analytics/gtag': collect('analytics'),
    'POST /api/web/v1/analytics/pixel': collect('pixel'),
    // Test and reviewer aid: what was collected, optionally for one project id.
    'GET /api/web/v1/analytics/recent': (req) => {
      const id = req.query.get('id');
      return { body: { code: 0, data: received.filter((e) => !id || e.id === id) } };
    },
  },
  scenarios: [
    {
      name: 'analytics-down',
      description: 'Every collector answers HTTP 500: the page works, the events are dropped with a log line.',
      responses: {
        '/api/web/v1/analytics/collect': { status: 500, body: { code: 500 } },
        '/api/web/v1/analytics/gtag': { status: 500, body: { code: 500 } },
        '/api/web/v1/analytics/pixel': { status: 500, body: { code: 500 } },
      },
    },
  ],
});
