import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../core/plugin-api';
import { DEFAULT_CHART_OPTIONS } from '../plugin-options';
import { fetchOverlay, overlayMode, shapeOrders, shapePositions } from './overlay-data';

describe('trading overlay mode', () => {
  it.each([
    ['real', true, true, 'real'],
    ['real', true, false, 'real'],
    ['real', false, true, 'none'],
    ['fake', true, true, 'demo'],
    ['fake', true, false, 'none'],
    ['fake', false, true, 'none'],
  ] as const)('back end %s, logged in %s, demoTrading %s → %s', (backend, isLogin, demoTrading, mode) => {
    expect(overlayMode({ backend }, isLogin, { demoTrading })).toBe(mode);
  });
});

describe('overlay replies', () => {
  it('keep well-formed positions and orders only', () => {
    const ok = (list: unknown) => ({ code: 0, data: { list } });
    expect(shapePositions(ok([{ id: 'p', side: 1, avgPrice: 1.5, qty: 2 }, { id: 'q', side: 1, avgPrice: 'x', qty: 1 }, null]))).toEqual([
      { id: 'p', side: 1, avgPrice: 1.5, qty: 2, pnlValue: 0 },
    ]);
    expect(
      shapeOrders(
        ok([
          { id: 'o', type: 0, side: -1, price: 3, qty: 1 },
          { type: 0, side: 1, price: 1, qty: 1 },
        ]),
      ),
    ).toEqual([{ id: 'o', type: 0, side: -1, price: 3, qty: 1 }]);
    expect(shapePositions({ code: 1, data: { list: [{ id: 'p', side: 1, avgPrice: 1, qty: 1 }] } })).toEqual([]);
    expect(shapeOrders(undefined)).toEqual([]);
  });

  it('are fetched from the configured paths with the symbol; a failure gives empty lists', async () => {
    const asked: string[] = [];
    const http = {
      get: async (path: string, params: Record<string, unknown>) => {
        asked.push(`${path}?symbol=${String(params.symbol)}`);
        if (path === '/o') throw new Error('down');
        return { code: 0, data: { list: [{ id: 'p', side: -1, avgPrice: 2, qty: 1, pnlValue: -1 }] } };
      },
    } as unknown as HttpClient;
    const data = await fetchOverlay(http, { ...DEFAULT_CHART_OPTIONS.overlay, positionsPath: '/p', ordersPath: '/o' }, 'ETH_USDT');
    expect(asked.sort()).toEqual(['/o?symbol=ETH_USDT', '/p?symbol=ETH_USDT']);
    expect(data).toEqual({ positions: [{ id: 'p', side: -1, avgPrice: 2, qty: 1, pnlValue: -1 }], orders: [] });
  });
});
