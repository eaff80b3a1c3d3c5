import { usePluginT } from '../../../core/plugin-api';

/** The restricted countries and regions, named in the page's language (ISO codes through Intl.DisplayNames). */
export function RestrictedList({ codes, locale }: { codes: readonly string[]; locale: string }) {
  const { t } = usePluginT();
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  } catch {
    names = null;
  }
  const label = (code: string) => (code.includes('-') ? t(`regions.${code}`) : (names?.of(code) ?? code));
  return (
    <ul className="compliance-restricted" aria-label={t('restricted.listLabel')}>
      {codes.map((code) => (
        <li key={code}>{label(code)}</li>
      ))}
    </ul>
  );
}
