import { useNamespaceT } from '../../../core/react/context';
import { useShell } from '../../../core/react/context';
import { localePath } from '../../../core/router/paths';

/** The 404 page when the not-found plugin is switched off in a region. */
export function PlainNotFound() {
  const { t } = useNamespaceT('shell');
  const { env } = useShell();
  return (
    <section className="shell-article">
      <h1>{t('notFound.title')}</h1>
      <a className="shell-btn shell-btn--primary" href={localePath(env.langPrefix, '/')}>
        {t('notFound.home')}
      </a>
    </section>
  );
}
