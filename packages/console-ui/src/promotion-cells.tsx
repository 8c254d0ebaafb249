// The cells a shop promotion's row shows in both consoles (the merchant's promotions, the platform's
// promotions review): its name with the reason it was taken down, its tiers, its time.
import { Space, Tag, Typography } from 'antd';
import type { DiscountRow, DiscountState } from '@bazaar/shared/schemas/shop-promotion';

export const PROMOTION_STATE_COLOR: Record<DiscountState, string> = { upcoming: 'processing', running: 'success', ended: 'default', takenDown: 'error' };

/** The name, and under it the takedown reason (already worded by the page) when there is one. */
export function PromotionName({ name, takenDown }: { name: string; takenDown: string | null }) {
  return (
    <>
      <Typography.Text strong>{name}</Typography.Text>
      {takenDown ? (
        <Typography.Paragraph type="danger" style={{ margin: 0 }}>
          {takenDown}
        </Typography.Paragraph>
      ) : null}
    </>
  );
}

/** The tier labels ("满300减50"), one tag each. */
export function PromotionTiers({ row }: { row: Pick<DiscountRow, 'labels'> }) {
  return (
    <Space size={4} wrap>
      {row.labels.map((label) => (
        <Tag key={label} color="error">
          {label}
        </Tag>
      ))}
    </Space>
  );
}

/** Start above end, unbroken. */
export function PromotionTime({ row }: { row: Pick<DiscountRow, 'startTime' | 'endTime'> }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {row.startTime}
      <br />
      {row.endTime}
    </span>
  );
}
