import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { ADDRESS_LIMIT, formatRegion, type Address, type Area } from '@bazaar/shared/schemas/address';
import { api, ApiError } from '../../lib/api.ts';
import { notifyAddressesChanged } from '../../lib/address-events.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { AddressForm } from './address-form.tsx';

type Editing = { mode: 'add' } | { mode: 'edit'; address: Address } | null;

/** The shopper's addresses: add, edit, delete (confirmed) and set the default. */
export function AddressBook({ addresses, provinces }: { addresses: Address[]; provinces: Area[] }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const [busy, setBusy] = useState(false);
  const full = addresses.length >= ADDRESS_LIMIT;

  async function run(action: () => Promise<unknown>, done: string) {
    if (busy) return;
    setBusy(true);
    try {
      await action();
      showToast(t(done), { kind: 'success' });
    } catch (err) {
      // The API client already showed 4xx texts and server errors; a vanished address is refreshed away.
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setBusy(false);
      notifyAddressesChanged();
      await revalidator.revalidate();
    }
  }

  return (
    <>
      <div className="address-book__bar">
        <p className="address-book__summary">{t('address.summary', { count: addresses.length, limit: ADDRESS_LIMIT })}</p>
        <Button onClick={() => (full ? showToast(t('address.errors.limit'), { kind: 'warning' }) : setEditing({ mode: 'add' }))}>{t('address.add')}</Button>
      </div>
      {addresses.length === 0 ? (
        <p className="address-book__empty">{t('address.empty')}</p>
      ) : (
        <ul className="address-book" aria-label={t('address.title')}>
          {addresses.map((a) => (
            <li key={a.addrId} className={`address-card${a.commonAddr ? ' address-card--default' : ''}`}>
              <div className="address-card__head">
                <strong className="address-card__receiver">{a.receiver}</strong>
                <span className="address-card__mobile">{a.mobile}</span>
                {a.commonAddr ? <span className="address-card__badge">{t('address.default')}</span> : null}
              </div>
              <p className="address-card__addr">
                {formatRegion(a)} {a.addr}
              </p>
              <div className="address-card__actions">
                {a.commonAddr ? null : (
                  <Button variant="link" size="sm" disabled={busy} onClick={() => run(() => api(`/p/address/defaultAddr/${a.addrId}`, { method: 'PUT' }), 'address.defaultSet')}>
                    {t('address.setDefault')}
                  </Button>
                )}
                <Button variant="link" size="sm" onClick={() => setEditing({ mode: 'edit', address: a })} aria-label={`${t('address.edit')} ${a.receiver}`}>
                  {t('address.edit')}
                </Button>
                <Button variant="link" size="sm" onClick={() => setDeleting(a)} aria-label={`${t('address.delete')} ${a.receiver}`}>
                  {t('address.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <Dialog className="address-dialog" open={editing !== null} onClose={() => setEditing(null)} title={t(editing?.mode === 'edit' ? 'address.form.editTitle' : 'address.form.addTitle')}>
        {editing ? (
          <AddressForm
            key={editing.mode === 'edit' ? editing.address.addrId : 'new'}
            provinces={provinces}
            address={editing.mode === 'edit' ? editing.address : null}
            onCancel={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              showToast(t('address.saved'), { kind: 'success' });
              void revalidator.revalidate();
            }}
          />
        ) : null}
      </Dialog>

      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} title={t('address.confirmDelete.title')}>
        {deleting ? (
          <div className="confirm">
            <p>{t('address.confirmDelete.body', { receiver: deleting.receiver })}</p>
            <div className="address-form__actions">
              <Button variant="secondary" onClick={() => setDeleting(null)}>
                {t('address.confirmDelete.cancel')}
              </Button>
              <Button
                disabled={busy}
                onClick={() => {
                  const target = deleting;
                  setDeleting(null);
                  void run(() => api(`/p/address/deleteAddr/${target.addrId}`, { method: 'DELETE' }), 'address.deleted');
                }}
              >
                {t('address.confirmDelete.confirm')}
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </>
  );
}
