import { Tag } from 'antd';
import { PROMOTION_STATE_COLOR, PromotionName, PromotionTiers, PromotionTime } from '@bazaar/console-ui/promotion-cells.tsx';
import { DISCOUNT_STATES, DiscountRowSchema, MerchantDiscountDetailSchema, type DiscountRow } from '@bazaar/shared/schemas/shop-promotion';
import { yuan } from '@bazaar/console-ui/format.ts';
import { useI18n } from '../lib/i18n.tsx';
import { StateListPage } from '@bazaar/console-ui/state-list-page.tsx';
import { api } from '../lib/api.ts';

const TABS = ['all', ...DISCOUNT_STATES] as const;


/** The shop's promotions by state: create, edit or view, end. */
export function PromotionsPage({ onOpen, onCreate }: { onOpen: (id: number) => void; onCreate: () => void }) {
  const { t } = useI18n();
  return (
    <StateListPage<DiscountRow>
      api={api}
      path="/merchant/discounts"
      queryKey="discounts"
      prefix="promotions"
      titleId="promotions-title"
      tabs={TABS}
      rowSchema={DiscountRowSchema}
      endSchema={MerchantDiscountDetailSchema}
      rowKey="discountId"
      idOf={(d) => d.discountId}
      isOpen={(d) => d.state === 'upcoming' || d.state === 'running'}
      onOpen={onOpen}
      onCreate={onCreate}
      columns={(nameOf) => [
        {
          title: t('promotions.columns.name'),
          render: (_v, d) => <PromotionName name={nameOf(d)} takenDown={d.offenceReason ? t('promotions.takenDownReason', { reason: d.offenceReason }) : null} />,
        },
        { title: t('promotions.columns.rule'), render: (_v, d) => t(`promotions.rule.${d.discountRule}`) },
        {
          title: t('promotions.columns.tiers'),
          render: (_v, d) => <PromotionTiers row={d} />,
        },
        { title: t('promotions.columns.scope'), render: (_v, d) => (d.suitableProdType === 1 ? t('promotions.someProducts', { count: d.productCount }) : t('promotions.allProducts')) },
        {
          title: t('promotions.columns.time'),
          render: (_v, d) => <PromotionTime row={d} />,
        },
        { title: t('promotions.columns.usage'), render: (_v, d) => <span data-testid={`promotion-usage-${d.discountId}`}>{t('promotions.usage', { count: d.usage.orders, amount: yuan(d.usage.reducedAmount) })}</span> },
        { title: t('promotions.columns.state'), render: (_v, d) => <Tag color={PROMOTION_STATE_COLOR[d.state]}>{t(`promotions.state.${d.state}`)}</Tag> },
      ]}
    />
  );
}
