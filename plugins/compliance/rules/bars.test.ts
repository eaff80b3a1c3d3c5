import { describe, expect, it } from 'vitest';
import { complianceBars, visibleBars } from './bars';
import { parseBusinessReply } from './business';

const business = (over: Record<string, unknown>) =>
  parseBusinessReply({ resMsg: { code: 0 }, datas: [{ title: 'B', content: '<p>b</p>', type: 'bar', ...over }] });

describe('floating bars', () => {
  it('maps limit flags to levels and orders critical → warning → info', () => {
    const bars = complianceBars({ limit: { brazil_toast: true, is_nl_limit: true, is_italy_limit: true } });
    const shown = visibleBars(bars, { hydrated: true, dismissed: new Set() });
    expect(shown.map((b) => [b.id, b.level, b.closable])).toEqual([
      ['is_nl_limit', 'critical', false],
      ['is_italy_limit', 'warning', true],
      ['brazil_toast', 'info', true],
    ]);
    expect(shown[0].link).toEqual({ labelKey: 'bars.withdrawLink', path: '/myaccount/withdraw/USDT' });
  });

  it('renders only critical bars before hydration (server and first render agree)', () => {
    const bars = complianceBars({ limit: { is_nl_limit: true, ltw_toast: true } });
    expect(visibleBars(bars, { hydrated: false, dismissed: new Set() }).map((b) => b.id)).toEqual(['is_nl_limit']);
  });

  it('hides closed bars but never a critical one', () => {
    const bars = complianceBars({ limit: { is_nl_limit: true, ltw_toast: true } });
    expect(visibleBars(bars, { hydrated: true, dismissed: new Set(['ltw_toast', 'is_nl_limit']) }).map((b) => b.id)).toEqual(['is_nl_limit']);
  });

  it('adds the business-compliance variant: warning, or critical when it has no close button', () => {
    const bars = complianceBars({ limit: { brazil_toast: true } }, [...business({}), ...business({ title: 'C', no_close_button: true })]);
    const shown = visibleBars(bars, { hydrated: true, dismissed: new Set() });
    expect(shown.map((b) => [b.level, !!b.business])).toEqual([
      ['critical', true],
      ['warning', true],
      ['info', false],
    ]);
  });

  it('gives nothing for an ordinary result nor for the site-switch region flags', () => {
    expect(complianceBars({ limit: {} })).toEqual([]);
    expect(complianceBars({ limit: { is_uk_ip: true, is_au_ip: true, is_us_toast: true, is_jp_toast: true, is_ae_toast: true } })).toEqual([]);
    expect(complianceBars({} as never)).toEqual([]);
  });
});
