import { usePluginT } from '../../../../core/plugin-api';

/** hello's footer row. */
export function HelloRow() {
  const { t } = usePluginT();
  return <p className="hello-row">{t('row')}</p>;
}
