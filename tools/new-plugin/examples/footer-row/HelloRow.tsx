import { usePluginT } from '../../../../core';

/** hello's footer row. */
export function HelloRow() {
  const { t } = usePluginT();
  return <p className="hello-row">{t('row')}</p>;
}
