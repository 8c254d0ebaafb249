import { useNavigate } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';

/** 404 (section 8): 'This page could not be found' with a back button (history, else home). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  function goBack() {
    // React Router keeps the position in its history stack in history.state.idx.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/');
  }

  return (
    <section className="error-page" aria-labelledby="error-page-title">
      <svg className="error-page__art" viewBox="0 0 160 120" aria-hidden="true" focusable="false">
        <rect x="22" y="30" width="116" height="76" rx="10" className="error-page__art-box" />
        <path d="M22 50h116" className="error-page__art-line" />
        <circle cx="36" cy="40" r="3" className="error-page__art-dot" />
        <circle cx="47" cy="40" r="3" className="error-page__art-dot" />
        <path d="M62 74c5-6 31-6 36 0M66 62l8 0M86 62l8 0" className="error-page__art-face" />
        <path d="M110 14l10 10M120 14l-10 10" className="error-page__art-face" />
      </svg>
      <p className="error-page__code">{t('errorPage.notFound.code')}</p>
      <h1 id="error-page-title" className="error-page__title">
        {t('errorPage.notFound.title')}
      </h1>
      <p className="error-page__text">{t('errorPage.notFound.description')}</p>
      <div className="error-page__actions">
        <button type="button" className="btn btn--primary btn--md" onClick={goBack}>
          {t('errorPage.notFound.back')}
        </button>
        <a href="/" className="btn btn--secondary btn--md">
          {t('common.backHome')}
        </a>
      </div>
    </section>
  );
}

/** The last resort: plain markup and a real link home, so it works whatever else failed. */
export function FallbackErrorPage() {
  const { t } = useTranslation();
  return (
    <section className="error-page" aria-labelledby="error-page-title">
      <p className="error-page__code" aria-hidden="true">
        :(
      </p>
      <h1 id="error-page-title" className="error-page__title">
        {t('errorPage.fallback.title')}
      </h1>
      <p className="error-page__text">{t('errorPage.fallback.description')}</p>
      <div className="error-page__actions">
        <a href="/" className="btn btn--primary btn--md">
          {t('common.backHome')}
        </a>
      </div>
    </section>
  );
}
