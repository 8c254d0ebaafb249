// The filter bar of the platform's lists of every shop's records (orders, after-sales requests):
// the shop, the list's own fields, the days, anything after them, then search and reset (which
// clears the fields and lists everything again).
import type { ReactNode } from 'react';
import { Button, DatePicker, Form, InputNumber, Space } from 'antd';
import type { Dayjs } from 'dayjs';

export type DayRange = [Dayjs | null, Dayjs | null] | null;

/** The bar's range as the API's dateFrom/dateTo, either end open. */
export function dayRange(dates: DayRange | undefined): { dateFrom?: string; dateTo?: string } {
  return { dateFrom: dates?.[0]?.format('YYYY-MM-DD'), dateTo: dates?.[1]?.format('YYYY-MM-DD') };
}

export function ShopListFilters<V extends { shopId?: number | null; dates?: DayRange }>({
  name,
  initialValues,
  labels,
  onApply,
  children,
  after,
}: {
  name: string;
  initialValues: Partial<V>;
  labels: { shopId: string; dates: string; search: string; reset: string };
  onApply: (values: Partial<V>) => void;
  /** The list's own fields, between the shop and the days. */
  children: ReactNode;
  /** Fields after the days (a check box). */
  after?: ReactNode;
}) {
  const [form] = Form.useForm<V>();
  return (
    <Form<V> form={form} name={name} layout="inline" onFinish={onApply} initialValues={initialValues} style={{ marginBottom: 16, rowGap: 8 }}>
      <Form.Item name="shopId" label={labels.shopId}>
        <InputNumber min={1} precision={0} style={{ width: 110 }} />
      </Form.Item>
      {children}
      <Form.Item name="dates" label={labels.dates}>
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
      {after}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {labels.search}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onApply({});
            }}
          >
            {labels.reset}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
