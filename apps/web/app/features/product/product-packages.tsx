import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { formatYuan } from '../../lib/format.ts';
import type { Language } from '@bazaar/shared/constants/limits';
import type { Combo } from '@bazaar/shared/schemas/combo';
import { api } from '../../lib/api.ts';
import { notifyCartChanged } from '../../lib/cart-events.ts';
import { Button } from '../../components/ui/button.tsx';
import { Price } from '../../components/ui/price.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { ensureLoggedIn } from './login-gate.ts';

/** One package: its products' pictures, the package price, what they cost apart and the saving (the server's figures). */
function PackageCard({ combo, isLoggedIn }: { combo: Combo; isLoggedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const headingId = `package-${combo.comboId}`;
  const canBuy = combo.unavailable === null && combo.maxSets > 0;

  async function addToCart() {
    if (!ensureLoggedIn(isLoggedIn) || !canBuy) return;
    setBusy(true);
    try {
      await api('/p/shopCart/changeCombo', { method: 'POST', body: { comboId: combo.comboId, count: 1 } });
      showToast(t('packages.added'), { kind: 'success' });
      notifyCartChanged();
    } catch {
      // The API client has already shown the server's message.
    } finally {
      setBusy(false);
    }
  }

  function buyNow() {
    if (!ensureLoggedIn(isLoggedIn) || !canBuy) return;
    void navigate(`/submit-order?comboId=${combo.comboId}&prodCount=1`);
  }

  return (
    <li className="package-card" aria-labelledby={headingId} data-testid="product-package">
      <h3 id={headingId} className="package-card__name">
        {combo.comboName}
      </h3>
      <ul className="package-card__lines">
        {combo.lines.map((line, i) => (
          <li key={line.skuId} className="package-card__line">
            {i > 0 ? (
              <span className="package-card__plus" aria-hidden="true">
                +
              </span>
            ) : null}
            <Link to={`/detail/${line.prodId}`} className="package-card__product">
              <img src={line.pic} alt="" width={88} height={88} loading="lazy" decoding="async" />
              <span className="package-card__product-name">{line.prodName}</span>
              <span className="package-card__sku">
                {line.skuName} {t('packages.each', { count: line.count })}
              </span>
              <Price fen={line.price} className="package-card__line-price" />
            </Link>
          </li>
        ))}
      </ul>
      <div className="package-card__deal">
        <span className="package-card__label">{t('packages.price')}</span>
        <Price fen={combo.comboAmount} className="package-card__price" />
        <s className="package-card__original">{t('packages.original', { amount: formatYuan(combo.originalAmount, lang) })}</s>
        {combo.saveAmount > 0 ? (
          <span className="package-card__save" data-testid="package-saving">
            {t('packages.save', { amount: formatYuan(combo.saveAmount, lang) })}
          </span>
        ) : null}
        {canBuy ? null : <span className="package-card__sold-out">{t(`packages.unavailable.${combo.unavailable ?? 'soldOut'}`)}</span>}
        <div className="package-card__actions">
          <Button size="sm" onClick={buyNow} disabled={!canBuy} aria-label={t('packages.buyNowLabel', { name: combo.comboName })}>
            {t('packages.buyNow')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => void addToCart()} disabled={!canBuy || busy} aria-label={t('packages.addToCartLabel', { name: combo.comboName })}>
            {t('packages.addToCart')}
          </Button>
        </div>
      </div>
    </li>
  );
}

/** The product page's "Packages" block: the running packages that contain the product. */
export function ProductPackages({ combos, isLoggedIn }: { combos: Combo[]; isLoggedIn: boolean }) {
  const { t } = useTranslation();
  if (combos.length === 0) return null;
  return (
    <section className="card detail-packages" aria-labelledby="detail-packages-title" data-testid="product-packages">
      <div className="detail-packages__head">
        <h2 id="detail-packages-title" className="detail-packages__title">
          {t('packages.title')}
        </h2>
        <span className="detail-packages__intro">{t('packages.intro')}</span>
      </div>
      <ul className="detail-packages__list">
        {combos.map((combo) => (
          <PackageCard key={combo.comboId} combo={combo} isLoggedIn={isLoggedIn} />
        ))}
      </ul>
    </section>
  );
}
