import { defineFakeApi, type FakeApiModule } from '../../../core/testing/fake-api-kit';

/** Records kept by the monitoring sink. */
const MONITOR_KEEP = 100;

export interface MonitorRecord {
  /** ISO time received. */
  at: string;
  /** The `mock_scenario` cookie's scenario and the uid cookie, so a test can pick its own records. */
  scenario: string;
  uid: string;
  userAgent: string;
  /** JSON body as sent; form fields or the raw text otherwise. */
  data: unknown;
}

/** The monitoring sink: `POST /api/web/v1/monitor/report` answers 204 and keeps the last 100 records in memory. */
export function createMonitor(): { module: FakeApiModule; records: () => MonitorRecord[]; clear: () => void } {
  const records: MonitorRecord[] = [];
  const module = defineFakeApi({
    name: 'core:monitor',
    routes: {
      'POST /api/web/v1/monitor/report': (req) => {
        const data = req.json !== undefined ? req.json : Object.keys(req.body).length ? req.body : null;
        records.push({
          at: new Date().toISOString(),
          scenario: req.scenario,
          uid: req.cookies.uid ?? '',
          userAgent: String(req.headers['user-agent'] ?? ''),
          data,
        });
        if (records.length > MONITOR_KEEP) records.splice(0, records.length - MONITOR_KEEP);
        return { status: 204 };
      },
    },
  });
  return { module, records: () => records.slice(), clear: () => void records.splice(0) };
}
