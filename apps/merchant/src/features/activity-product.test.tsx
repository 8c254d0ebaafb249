import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { Form } from 'antd';
import { fakeApi, renderInConsole } from '@bazaar/console-ui/test/render.tsx';
import { ActivityProductFields, useActivityLines, type ActivitySkuLine } from './activity-product.tsx';

const sku = (skuId: number, nameZh: string, status = 1) => ({ skuId, values: [nameZh], properties: '', nameZh, nameEn: null, price: 2_990, oriPrice: 3_990, stocks: 8, code: null, weight: 100, status });
const product = {
  prodId: 5,
  nameZh: '青花茶杯',
  nameEn: '',
  briefZh: '',
  briefEn: '',
  contentZh: '',
  contentEn: '',
  categoryId: 1,
  categoryPath: [1],
  shopCategoryId: null,
  imgs: [],
  mold: 0,
  status: 1,
  specs: [],
  skus: [sku(50, '白色'), sku(51, '蓝色'), sku(52, '旧款', 0)],
  offence: null,
};

/** The fields in a form whose product is already picked, with the lines written out to read. */
function Harness({ api }: { api: ReturnType<typeof fakeApi> }) {
  const { lines, setLine, clearLines } = useActivityLines<ActivitySkuLine>({ include: false, price: null });
  return (
    <Form initialValues={{ prodId: 5 }}>
      <ActivityProductFields api={api} keys="groupbuy.form" prodId={5} lines={lines} setLine={setLine} clearLines={clearLines} priceKey="actPrice" />
      <output aria-label="lines">{JSON.stringify([...lines])}</output>
    </Form>
  );
}

describe("an activity's product and options", () => {
  it('lists the options on sale; a typed price includes its option, and the box takes it out again', async () => {
    const api = fakeApi((path) => (path === '/merchant/product/info/5' ? product : { records: [], total: 0, size: 20, current: 1, pages: 0 }));
    renderInConsole(<Harness api={api} />);
    const blue = await screen.findByRole('spinbutton', { name: 'groupbuy.form.actPriceOf{"sku":"蓝色"}' });
    expect(screen.queryByText('旧款')).toBeNull();
    fireEvent.change(blue, { target: { value: '19.9' } });
    fireEvent.blur(blue);
    const lines = () => JSON.parse(screen.getByRole('status', { name: 'lines' }).textContent ?? '[]') as [number, ActivitySkuLine][];
    expect(lines()).toEqual([[51, { include: true, price: 19.9 }]]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'groupbuy.form.includeOn{"sku":"蓝色"}' }));
    expect(lines()).toEqual([[51, { include: false, price: 19.9 }]]);
  });
});
