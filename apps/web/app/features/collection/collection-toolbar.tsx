import { useTranslation } from '../../lib/i18n.tsx';
import { Button } from '../../components/ui/button.tsx';

/** Batch management: select all, cancel the selected, done. */
export function CollectionToolbar({
  total,
  managing,
  selectedCount,
  allSelected,
  onManage,
  onSelectAll,
  onBatchCancel,
}: {
  total: number;
  managing: boolean;
  selectedCount: number;
  allSelected: boolean;
  onManage: (on: boolean) => void;
  onSelectAll: (on: boolean) => void;
  onBatchCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="collection-toolbar">
      <span className="collection-toolbar__total">{t('collection.total', { count: total })}</span>
      {managing ? (
        <>
          <label className="collection-check">
            <input type="checkbox" checked={allSelected} onChange={(event) => onSelectAll(event.target.checked)} />
            {t('collection.selectAll')}
          </label>
          <Button size="sm" disabled={selectedCount === 0} onClick={onBatchCancel}>
            {t('collection.batchCancel', { count: selectedCount })}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onManage(false)}>
            {t('collection.done')}
          </Button>
        </>
      ) : total > 0 ? (
        <Button size="sm" variant="secondary" onClick={() => onManage(true)}>
          {t('collection.manage')}
        </Button>
      ) : null}
    </div>
  );
}
