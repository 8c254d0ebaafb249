import { useEffect, useState } from 'react';
import { DEFAULT_DELIVERY_PROVINCE, PROVINCES, deliveryDays, provinceOf } from '@bazaar/shared/constants/delivery';
import type { ProductDelivery } from '@bazaar/shared/schemas/product';
import type { Address } from '@bazaar/shared/schemas/address';
import { useTranslation } from '../../lib/i18n.tsx';
import { apiData } from '../../lib/api.ts';
import { defaultAddressProvince, forgetDefaultAddressProvince } from '../../lib/default-address-province.ts';
import { formatYuan } from '../../lib/format.ts';
import type { Language } from '@bazaar/shared/constants/limits';

/** The province the shopper picked on a product page; kept for the next product. */
const CHOSEN_KEY = 'bazaar.deliveryProvince';

function storedProvince(): number | undefined {
  try {
    const id = Number(localStorage.getItem(CHOSEN_KEY));
    return provinceOf(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where the shopper's parcel goes: a province picked here earlier, else the province of the
 * shopper's default address, else Beijing. Server and first render use Beijing; the browser then
 * moves to what it knows.
 */
function useDeliveryProvince(isLoggedIn: boolean): [number, (id: number) => void] {
  const [province, setProvince] = useState(DEFAULT_DELIVERY_PROVINCE);
  useEffect(() => {
    const chosen = storedProvince();
    if (chosen) {
      setProvince(chosen);
      return;
    }
    if (!isLoggedIn) {
      forgetDefaultAddressProvince();
      return;
    }
    // Asked once per page load, not on every product viewed.
    let current = true;
    void defaultAddressProvince(() => apiData<Address[]>('/p/address/list', { silent: true, noLoginPrompt: true })).then((id) => {
      const known = id === undefined ? undefined : provinceOf(id);
      if (current && known) setProvince(known.id);
    });
    return () => {
      current = false;
    };
  }, [isLoggedIn]);
  const choose = (id: number) => {
    setProvince(id);
    try {
      localStorage.setItem(CHOSEN_KEY, String(id));
    } catch {
      // Private windows may refuse storage: the choice then lasts for this page.
    }
  };
  return [province, choose];
}

/** The delivery row of the product page: ship-to province, the estimate, where it ships from and the freight. */
export function DeliveryRow({ delivery, virtual, isLoggedIn }: { delivery: ProductDelivery; virtual: boolean; isLoggedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const [province, choose] = useDeliveryProvince(isLoggedIn);
  const lang = i18n.language as Language;
  const en = lang === 'en';

  if (virtual) {
    return (
      <div className="purchase__row delivery">
        <span className="purchase__label">{t('product.delivery.label')}</span>
        <span className="delivery__estimate">{t('product.delivery.virtual')}</span>
      </div>
    );
  }
  const [from, to] = deliveryDays(delivery.fromProvinceId ?? undefined, province);
  // The API answers the fee of each province the shop's rule lists; others pay the everywhere fee.
  const terms = delivery.regionFreight.find((r) => r.provinceIds.includes(province)) ?? delivery;
  const freight =
    terms.freight === 0
      ? t('product.delivery.freeShipping')
      : terms.freeFreightFrom === null
        ? t('product.delivery.freight', { amount: formatYuan(terms.freight, lang) })
        : t('product.delivery.freightUntil', { amount: formatYuan(terms.freight, lang), threshold: formatYuan(terms.freeFreightFrom, lang) });
  return (
    <div className="purchase__row delivery">
      <label className="purchase__label" htmlFor="delivery-province">
        {t('product.delivery.label')}
      </label>
      <div className="delivery__body">
        <div className="delivery__line">
          <select id="delivery-province" className="delivery__select" value={province} onChange={(e) => choose(Number(e.target.value))}>
            {PROVINCES.map((p) => (
              <option key={p.id} value={p.id}>
                {en ? p.en : p.zh}
              </option>
            ))}
          </select>
          <strong className="delivery__estimate" data-testid="delivery-estimate">
            {t('product.delivery.estimate', { from, to })}
          </strong>
        </div>
        <span className="delivery__note">
          {delivery.fromProvince ? `${t('product.delivery.shipsFrom', { place: delivery.fromProvince })} · ` : ''}
          {freight}
        </span>
      </div>
    </div>
  );
}
