import type { ReactNode } from 'react';
import { Link, useRevalidator } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { api } from '../../lib/api.ts';
import { CollectionToolbar } from './collection-toolbar.tsx';
import { useSelection } from './use-selection.ts';

/** What a collection list needs to draw its rows in or out of batch mode. */
export interface CollectionRows {
  managing: boolean;
  isSelected: (id: number) => boolean;
  toggle: (id: number) => void;
  cancel: (ids: number[]) => void;
}

/**
 * A page of collected things (products or stores): the empty state, or the toolbar and the rows
 * `children` draws. Cancelling one or a ticked batch goes through the batch call, even for one:
 * unlike addOrCancel it never collects again by accident.
 */
export function CollectionPanel<T>(props: {
  records: T[];
  total: number;
  idOf: (record: T) => number;
  batchCancelPath: string;
  empty: { text: string; to: string };
  children: (rows: CollectionRows) => ReactNode;
}) {
  const { records, total, idOf, batchCancelPath, empty, children } = props;
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const { managing, setMode, selected, toggle, setAll } = useSelection();

  async function cancel(ids: number[]) {
    try {
      await api(batchCancelPath, { method: 'POST', body: ids });
      showToast(t('collection.cancelled'), { kind: 'success' });
      setMode(false);
      await revalidator.revalidate();
    } catch {
      // Shown by the API client.
    }
  }

  if (records.length === 0) {
    return (
      <div className="collection-empty">
        <p className="empty-text">{empty.text}</p>
        <Link to={empty.to} className={buttonClass()}>
          {t('collection.goShopping')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <CollectionToolbar
        total={total}
        managing={managing}
        selectedCount={selected.size}
        allSelected={records.every((r) => selected.has(idOf(r)))}
        onManage={setMode}
        onSelectAll={(on) => setAll(records.map(idOf), on)}
        onBatchCancel={() => void cancel([...selected])}
      />
      {children({ managing, isSelected: (id) => selected.has(id), toggle, cancel: (ids) => void cancel(ids) })}
    </>
  );
}

/** The tick box of one row in batch mode. */
export function CollectionCheck({ rows, id, name }: { rows: CollectionRows; id: number; name: string }) {
  const { t } = useTranslation();
  if (!rows.managing) return null;
  return (
    <label className="collection-check">
      <input type="checkbox" checked={rows.isSelected(id)} onChange={() => rows.toggle(id)} />
      <span className="visually-hidden">{t('collection.select', { name })}</span>
    </label>
  );
}
