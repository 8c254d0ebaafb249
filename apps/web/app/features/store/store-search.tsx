import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { keywordTooLong } from '../../lib/search-keyword.ts';
import { storeHref } from './store-query.ts';
import { showToast } from '../../components/ui/toast.tsx';

/** Search inside one store; a blank term shows the whole store again. */
export function StoreSearch({ shopId, keyword }: { shopId: number; keyword?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [term, setTerm] = useState(keyword ?? '');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (keywordTooLong(term)) {
      showToast(t('validation.keywordTooLong'), { kind: 'warning' });
      return;
    }
    void navigate(storeHref(shopId, { keyword: term.trim() || undefined }));
  }

  return (
    <form className="store-search" role="search" aria-label={t('store.search.label')} onSubmit={submit}>
      <input
        className="store-search__input"
        type="search"
        name="keyword"
        aria-label={t('store.search.placeholder')}
        placeholder={t('store.search.placeholder')}
        value={term}
        onChange={(event) => setTerm(event.target.value)}
      />
      <button type="submit" className="btn btn--primary btn--md store-search__button">
        {t('store.search.submit')}
      </button>
    </form>
  );
}
