import { fail, type FakeHandler, ok, publicAnswer } from '../../../core/plugin-api/fake-api';

/** Region key → open-graph site name (as in the region configs). */
const SITE_NAMES: Record<string, string> = {
  main: 'Gate.com',
  tr: 'Gate.tr',
  eu: 'Gate.eu',
  hk: 'Gate.hk',
  us: 'Gate.us',
  bs: 'Gate.bs',
  sg: 'Gate.sg',
  uk: 'Gate.uk',
  jp: 'Gate.jp',
  ae: 'Gate.ae',
  au: 'Gate.au',
  testnet: 'Gate Testnet',
};

/** GET og_show?url=: the site name and a share image of the request's region (public for 5 minutes); url required. */
export const ogShow: FakeHandler = (req) => {
  const url = req.query.get('url') ?? '';
  if (!url) return fail(10400, 'url is required');
  const region = req.region && SITE_NAMES[req.region] ? req.region : 'main';
  return publicAnswer(ok({ site_name: SITE_NAMES[region], site_image: `/cdn/share/og/${region}.svg` }), 300);
};

/** A 1200×630 share image (SVG) for a region. */
export const ogImage: FakeHandler = (req) => {
  const region = String(req.params?.region ?? '');
  const name = SITE_NAMES[region];
  if (!name) return fail(404, 'no such image');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#17e6a1"/><stop offset="1" stop-color="#2354e6"/></linearGradient></defs>
<rect width="1200" height="630" fill="#0b0e14"/><circle cx="1010" cy="150" r="260" fill="url(#g)" opacity=".55"/><circle cx="180" cy="560" r="200" fill="url(#g)" opacity=".35"/>
<text x="90" y="300" font-family="Arial, sans-serif" font-size="110" font-weight="700" fill="#fff">${name}</text>
<text x="94" y="390" font-family="Arial, sans-serif" font-size="44" fill="#cfd6e4">Buy, sell and earn 3,800+ cryptocurrencies</text></svg>`;
  return { raw: svg, contentType: 'image/svg+xml', headers: { 'Cache-Control': 'public, max-age=86400' } };
};
