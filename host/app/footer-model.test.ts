import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REGION_KEYS, type RegionConfig } from '../../core/config/region';
import { regionFile } from '../../tools/test/region-options';
import { FOOTER_DEFAULTS, footerModel } from './footer-model';

/** Every link of the model by key. */
const links = (region: Pick<RegionConfig, 'docs' | 'name' | 'footer'>, year = 2026) =>
  Object.fromEntries(footerModel(region, year).columns.flatMap((c) => c.links.map((l) => [l.key, l.href])));

describe('footerModel: the region file decides (spec 001 §2, §9)', () => {
  it('defaults: /about_us, /user-agreement, /mobileapp and "© year name"', () => {
    const docs = regionFile('main').docs;
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2100 }), fc.string({ minLength: 1, maxLength: 30 }), (year, name) => {
        const model = footerModel({ docs, name }, year);
        expect(model.copyright).toBe(`© ${year} ${name}`);
        const l = links({ docs, name }, year);
        expect([l.about, l.agreement, l.download]).toEqual([FOOTER_DEFAULTS.about, FOOTER_DEFAULTS.agreement, FOOTER_DEFAULTS.download]);
      }),
    );
  });

  it('docsLinks takes about and agreement from the documents; downloadLink and copyright replace theirs', () => {
    const docs = { ...regionFile('main').docs, about: '/page/x', agreement: 'https://docs.example.com/a.pdf' };
    const footer = { docsLinks: true, downloadLink: '/docs/app.pdf', copyright: '© Fixed Ltd.' };
    expect(links({ docs, name: 'X', footer })).toMatchObject({ about: '/page/x', agreement: 'https://docs.example.com/a.pdf', download: '/docs/app.pdf' });
    expect(footerModel({ docs, name: 'X', footer }, 2030).copyright).toBe('© Fixed Ltd.');
    const external = footerModel({ docs, name: 'X', footer }, 2030)
      .columns.flatMap((c) => c.links)
      .filter((l) => l.external);
    expect(external.map((l) => l.key)).toEqual(['agreement', 'download']);
  });

  it('the region files keep the spec: UK and AU documents, Hong Kong download = its agreement, Japan copyright', () => {
    const byRegion = Object.fromEntries(REGION_KEYS.map((k) => [k, regionFile(k)]));
    expect(REGION_KEYS.filter((k) => byRegion[k].footer?.docsLinks === true)).toEqual(['uk', 'au']);
    expect(links(byRegion.uk)).toMatchObject({ about: byRegion.uk.docs.about, agreement: byRegion.uk.docs.agreement });
    expect(links(byRegion.au)).toMatchObject({ about: byRegion.au.docs.about, agreement: byRegion.au.docs.agreement });
    expect(REGION_KEYS.filter((k) => byRegion[k].footer?.downloadLink !== undefined)).toEqual(['hk']);
    expect(links(byRegion.hk).download).toBe(byRegion.hk.docs.agreement);
    expect(REGION_KEYS.filter((k) => byRegion[k].footer?.copyright !== undefined)).toEqual(['jp']);
    expect(footerModel(byRegion.jp, 2031).copyright).toBe('© 2025 Gate Japan K.K.');
    expect(footerModel(byRegion.main, 2031).copyright).toBe(`© 2031 ${byRegion.main.name}`);
  });
});
