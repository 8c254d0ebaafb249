import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { INTEGRAL_MALL_PATH } from './paths.ts';

/** The way into the points mall from the member center and the points page. */
export function PointsMallEntry() {
  const { t } = useTranslation();
  return (
    <aside className="card points-mall-entry" aria-labelledby="points-mall-entry-title">
      <div>
        <h2 id="points-mall-entry-title" className="points-mall-entry__title">
          {t('integralMall.entry')}
        </h2>
        <p className="points-mall-entry__hint">{t('integralMall.entryHint')}</p>
      </div>
      <Link to={INTEGRAL_MALL_PATH} className={buttonClass({ size: 'sm' })} data-testid="points-mall-entry">
        {t('integralMall.mall.exchange')}
      </Link>
    </aside>
  );
}
