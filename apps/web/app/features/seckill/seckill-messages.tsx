import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { showToast } from '../../components/ui/toast.tsx';

/** The reference's 204 for a page opened after the activity ended: "活动已结束！" and the home page (section 8). */
export function SeckillEnded() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    showToast(t('errors.activityEnded'), { kind: 'error' });
    void navigate('/', { replace: true });
  }, [navigate, t]);
  return (
    <div className="container page-section">
      <section className="card message-panel" aria-labelledby="seckill-ended-title">
        <h1 id="seckill-ended-title" className="message-panel__title">
          {t('seckill.detail.endedTitle')}
        </h1>
        <Link to="/flash-sale" className={buttonClass({ variant: 'secondary' })}>
          {t('seckill.detail.back')}
        </Link>
      </section>
    </div>
  );
}

/** An unknown, deleted or unapproved activity (status 404). */
export function SeckillMissing() {
  const { t } = useTranslation();
  return (
    <div className="container page-section">
      <section className="card message-panel" aria-labelledby="seckill-missing-title">
        <h1 id="seckill-missing-title" className="message-panel__title">
          {t('seckill.detail.missingTitle')}
        </h1>
        <p className="message-panel__text">{t('seckill.detail.missingText')}</p>
        <div className="message-panel__actions">
          <Link to="/flash-sale" className={buttonClass()}>
            {t('seckill.detail.back')}
          </Link>
          <Link to="/" className={buttonClass({ variant: 'secondary' })}>
            {t('seckill.detail.home')}
          </Link>
        </div>
      </section>
    </div>
  );
}
