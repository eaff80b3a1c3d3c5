import { defineFakeApi, personaScenario } from '../../core/plugin-api/fake-api';

/** Region-mismatch personas: compliance flags that trigger the site-switch bars (no endpoints of its own). */
export default defineFakeApi({
  name: 'site-switch',
  scenarios: [
    personaScenario('mismatch-uk', 'Visitor from the UK (limit.is_uk_ip): the main site offers the UK site.', { compliance: { limit: { is_uk_ip: true } } }),
    personaScenario('mismatch-au', 'Visitor from Australia (limit.is_au_ip): the main site offers the AU site.', { compliance: { limit: { is_au_ip: true } } }),
    personaScenario('mismatch-us', 'Visitor from the US (limit.is_us_toast): the main site offers the US site.', {
      compliance: { limit: { is_us_toast: true } },
    }),
    personaScenario('mismatch-jp', 'Visitor from Japan (limit.is_jp_toast): the main site offers the Japan site.', {
      compliance: { limit: { is_jp_toast: true } },
    }),
    personaScenario('mismatch-ae', 'Visitor from the UAE (limit.is_ae_toast): the main site offers the UAE site.', {
      compliance: { limit: { is_ae_toast: true } },
    }),
    personaScenario(
      'mismatch-several',
      'Several mismatch flags at once (is_uk_ip, is_au_ip, is_us_toast, is_jp_toast, is_ae_toast): on main only the main-to-UK bar shows.',
      { compliance: { limit: { is_uk_ip: true, is_au_ip: true, is_us_toast: true, is_jp_toast: true, is_ae_toast: true } } },
    ),
    personaScenario(
      'mismatch-eu-to-main',
      'Visitor who belongs on the main site (limit.is_main) on a regional site: eu.localhost (or jp, us, uk, au, ae) offers the main site.',
      { compliance: { limit: { is_main: true } } },
    ),
  ],
});
