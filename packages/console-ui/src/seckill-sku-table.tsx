// A flash sale's SKUs as both consoles show them (the shop's detail page, the platform's detail
// dialog): the usual price, the flash price, the flash stock and what is left of it.
import { Table } from 'antd';
import type { SeckillRowDetail } from '@bazaar/shared/schemas/seckill';
import { yuan } from './format.ts';

/** The column titles, in the console's own words. */
export interface SeckillSkuTitles {
  sku: string;
  price: string;
  seckillPrice: string;
  total: string;
  left: string;
}

export function SeckillSkuTable({ skus, titles }: { skus: SeckillRowDetail['skus']; titles: SeckillSkuTitles }) {
  return (
    <Table
      rowKey="seckillSkuId"
      size="small"
      pagination={false}
      dataSource={skus}
      columns={[
        { title: titles.sku, dataIndex: 'skuName' },
        { title: titles.price, render: (_v, s) => yuan(s.price) },
        { title: titles.seckillPrice, render: (_v, s) => yuan(s.seckillPrice) },
        { title: titles.total, dataIndex: 'totalStocks' },
        { title: titles.left, dataIndex: 'seckillStocks' },
      ]}
    />
  );
}
