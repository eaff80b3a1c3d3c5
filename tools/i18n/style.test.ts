import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkStyle, frenchSpacing, writtenYear } from './style';

const NNBSP = '\u202f';
const NBSP = '\u00a0';
const word = fc.stringMatching(/^[a-zàéè]{1,8}$/);

describe('French spacing', () => {
  it('accepts U+202F before ; ! ? and U+00A0 before :, inside « » and before %', () => {
    expect(frenchSpacing('k', `Des questions${NNBSP}? Contactez-nous${NBSP}: «${NBSP}Aide${NBSP}»${NNBSP}; 20${NBSP}%${NNBSP}!`)).toEqual([]);
    expect(frenchSpacing('k', 'Il est 12:00, voir https://example.com')).toEqual([]);
  });

  it('flags any other space (or none) before the punctuation', () => {
    fc.assert(
      fc.property(word, word, fc.constantFrom(';', '!', '?', ':'), fc.constantFrom('', ' ', NBSP, NNBSP), (a, b, mark, space) => {
        const right = mark === ':' ? NBSP : NNBSP;
        const problems = frenchSpacing('k', `${a}${space}${mark} ${b}`);
        expect(problems.length === 0).toBe(space === right);
      }),
    );
    expect(frenchSpacing('k', 'Frais de {{fee}}%')).toEqual([expect.stringContaining('a no-break space (U+00A0) goes before %')]);
    expect(frenchSpacing('k', 'une taxe de 20 %')).toHaveLength(1);
  });

  it('applies to French only', () => {
    expect(checkStyle('de', 'k', 'Fragen? Kontakt: Support')).toEqual([]);
    expect(checkStyle('fr', 'k', 'Des questions ?')).toHaveLength(1);
  });
});

describe('years written into texts', () => {
  it('flags a Common-era or Buddhist-era year, in any language', () => {
    expect(writtenYear('k', 'From 6 October 2023, we…')).toEqual([
      'date written into the text at k: "2023" (pass it as a value formatted with Intl, e.g. {{date}})',
    ]);
    expect(writtenYear('k', 'ตั้งแต่วันที่ 6 ตุลาคม 2566')).toHaveLength(1);
    expect(checkStyle('ja', 'k', '2025年7月1日発効')).toHaveLength(1);
  });

  it('leaves other numbers alone', () => {
    for (const text of ['Trade 2,700+ coins', 'más de 2700', '2.700 Coins', '50,000 USDT', '100 USDT', '{{date}}', '24-hour', 'ID 12023456'])
      expect(writtenYear('k', text), text).toEqual([]);
  });
});
