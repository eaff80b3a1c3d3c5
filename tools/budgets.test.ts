import { describe, expect, it } from 'vitest';
import { budgetTable, overBudget, type readBudgets } from './budgets';

const budgets: ReturnType<typeof readBudgets> = {
  plugins: new Map([
    ['chart', { home: 9000, largestPage: 80000 }],
    ['chat', { home: 3000, regions: { tr: 3500 } }],
  ]),
  shell: { shell: 160000, firstVisit: 200000, regions: { eu: 160000 } },
};
const at = (region: string, path: string, owners: Record<string, number>) => ({ page: { region, path }, byOwner: new Map(Object.entries(owners)) });

describe('overBudget', () => {
  it('passes figures within every budget', () => {
    expect(
      overBudget([at('main', '/', { shell: 150000, chart: 9000, chat: 3000 }), at('main', '/trade/BTC_USDT', { shell: 150000, chart: 79000 })], budgets),
    ).toEqual([]);
  });

  it('reports a plugin over its home budget (per region), over its largest page, the shell, the whole first visit, and a plugin without a budget', () => {
    const rows = overBudget(
      [
        at('main', '/', { shell: 161000, chart: 9001, chat: 3400, share: 10 }),
        at('tr', '/', { shell: 100, chat: 3400 }),
        at('eu', '/', { shell: 155000, chart: 8000 }),
        at('main', '/trade/BTC_USDT', { shell: 100, chart: 80001 }),
      ],
      budgets,
    );
    expect(rows).toEqual([
      { owner: 'shell', region: 'main', page: '/', bytes: 161000, budget: 160000 },
      { owner: 'chart', region: 'main', page: '/', bytes: 9001, budget: 9000 },
      { owner: 'chat', region: 'main', page: '/', bytes: 3400, budget: 3000 },
      { owner: 'share', region: 'main', page: '/', bytes: 10, budget: null },
      { owner: 'first visit (all)', region: 'eu', page: '/', bytes: 163000, budget: 160000 },
      { owner: 'chart', region: 'main', page: '/trade/BTC_USDT (largest page)', bytes: 80001, budget: 80000 },
    ]);
    expect(budgetTable(rows).split('\n')[4]).toMatch(/^share\s+main\s+\/\s+10\s+none$/);
  });
});
