import i18next, { type i18n, type Resource } from 'i18next';

/** A per-request i18next instance with inline resources (server and client render the same text). */
export function createServerI18n(lng: string, resources: Resource, namespaces: string[]): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: 'en',
    resources,
    ns: namespaces,
    defaultNS: 'shell',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
