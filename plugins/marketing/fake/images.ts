import { fail, type FakeHandler } from '../../../core/plugin-api/fake-api';

/** name → [width, height, gradient from, gradient to, label] */
const IMAGES: Record<string, [number, number, string, string, string]> = {
  'home-banner': [800, 400, '#17e6a1', '#2354e6', '50,000 USDT'],
  'home-banner-h5': [750, 420, '#17e6a1', '#2354e6', '50,000 USDT'],
  'vip-fee': [72, 72, '#f5c16c', '#d99b2b', '%'],
  'vip-withdraw': [72, 72, '#7aa2ff', '#2354e6', '↑'],
  'vip-support': [72, 72, '#17e6a1', '#0f9e6e', '★'],
  'alpha-1': [144, 144, '#ff8a3d', '#e6176b', 'α1'],
  'alpha-2': [144, 144, '#8a5cff', '#2354e6', 'α2'],
  'alpha-3': [144, 144, '#17e6a1', '#17b4e6', 'α3'],
};

/** GET /cdn/marketing/:name.svg: small generated campaign images. */
export const marketingImage: FakeHandler = (req) => {
  const spec = IMAGES[String(req.params?.name ?? '')];
  if (!spec) return fail(404, 'no such image');
  const [w, h, from, to, label] = spec;
  const size = Math.round(Math.min(w, h) / (label.length > 3 ? 4.5 : 2.2));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="${w}" height="${h}" rx="${Math.round(Math.min(w, h) / 10)}" fill="url(#g)"/><text x="50%" y="54%" text-anchor="middle" dominant-baseline="middle" font-family="Arial, sans-serif" font-weight="700" font-size="${size}" fill="#fff">${label}</text></svg>`;
  return { raw: svg, contentType: 'image/svg+xml', headers: { 'Cache-Control': 'public, max-age=86400' } };
};
