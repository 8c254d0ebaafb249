import { useTranslation } from '../../lib/i18n.tsx';

/** A personal page's place while the browser asks for its data (a shared page, decision 052). */
export function PagePending() {
  const { t } = useTranslation();
  return (
    <div className="container page-section page-pending" role="status" aria-busy="true">
      <span className="page-pending__text">{t('common.loading')}</span>
    </div>
  );
}
