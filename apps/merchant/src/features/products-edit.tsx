// Creating and editing a product: bilingual names and selling points, the platform's 3-level
// category and a shop category, up to 9 pictures (upload progress, reordering), specifications
// whose combinations make the SKUs, physical or virtual, and bilingual rich descriptions.
import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Cascader, Checkbox, Form, Input, InputNumber, Radio, Select, Space, Table, Tabs, Typography, Upload, type UploadFile } from 'antd';
import {
  MerchantProductDetailSchema,
  PRODUCT_BRIEF_MAX,
  PRODUCT_MAX_IMAGES,
  PRODUCT_NAME_EN_MAX,
  PRODUCT_NAME_MAX,
  SPEC_MAX,
  SPEC_TEXT_MAX,
  SPEC_VALUE_MAX,
  type MerchantProductDetail,
  type MerchantProductInput,
} from '@bazaar/shared/schemas/merchant-product';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { useCategories } from './products.tsx';
import { RichTextEditor } from './products-rich-text.tsx';
import { uploadProductImage, type Uploaded } from './products-upload.ts';
import { FormError } from '@bazaar/console-ui/form-error.tsx';

interface Spec {
  nameZh: string;
  nameEn: string;
  values: { zh: string; en: string }[];
}
interface SkuEntry {
  price?: number | null;
  oriPrice?: number | null;
  stocks?: number | null;
  code?: string;
  /** Kilograms as typed; sent as grams. */
  weightKg?: number | null;
  /** The SKU exists: its stock moves by adjustments only. */
  existingStocks?: number;
}
interface Basics {
  nameZh: string;
  nameEn?: string;
  briefZh?: string;
  briefEn?: string;
  categoryPath?: number[];
  shopCategoryId?: number | null;
  mold: 0 | 1;
  onShelf?: boolean;
}

const keyOf = (values: string[]) => values.join('\u0001');
const toYuan = (fen: number) => fen / 100;
const toFen = (yuan: number | null | undefined) => (yuan === null || yuan === undefined ? Number.NaN : Math.round(yuan * 100));

/** Every combination of the filled values, in the specifications' order. */
function combinations(specs: Spec[]): string[][] {
  return specs.reduce<string[][]>((acc, s) => acc.flatMap((c) => s.values.filter((v) => v.zh.trim()).map((v) => [...c, v.zh.trim()])), [[]]);
}

function pictureOf(path: string, url: string): UploadFile<Uploaded> {
  return { uid: path, name: path.split('/').pop() ?? path, status: 'done', url, response: { path, url } };
}

export function ProductEditPage({ prodId, onDone }: { prodId: number | null; onDone: () => void }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const categories = useCategories();
  const [form] = Form.useForm<Basics>();
  const [pictures, setPictures] = useState<UploadFile<Uploaded>[]>([]);
  const [specs, setSpecs] = useState<Spec[]>([]);
  const [skuData, setSkuData] = useState<Record<string, SkuEntry>>({});
  const [contentZh, setContentZh] = useState('');
  const [contentEn, setContentEn] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const detail = useQuery({
    queryKey: ['product', prodId, lang],
    enabled: prodId !== null,
    queryFn: () => api(`/merchant/product/info/${prodId}`, { lang, schema: MerchantProductDetailSchema }),
  });
  const [loadedId, setLoadedId] = useState<number | null>(null);
  useEffect(() => {
    const d: MerchantProductDetail | undefined = detail.data;
    if (!d || loadedId === d.prodId) return;
    setLoadedId(d.prodId);
    form.setFieldsValue({ nameZh: d.nameZh, nameEn: d.nameEn, briefZh: d.briefZh, briefEn: d.briefEn, categoryPath: d.categoryPath, shopCategoryId: d.shopCategoryId, mold: d.mold === 1 ? 1 : 0 });
    setPictures(d.imgs.map((i) => pictureOf(i.path, i.url)));
    setSpecs(d.specs);
    setSkuData(
      Object.fromEntries(
        d.skus
          .filter((s) => s.status === 1)
          .map((s) => [keyOf(s.values), { price: toYuan(s.price), oriPrice: s.oriPrice ? toYuan(s.oriPrice) : null, code: s.code ?? '', weightKg: s.weight / 1000, existingStocks: s.stocks }]),
      ),
    );
    setContentZh(d.contentZh);
    setContentEn(d.contentEn);
  }, [detail.data, loadedId, form]);

  const rows = useMemo(() => combinations(specs), [specs]);
  const setSku = (key: string, patch: SkuEntry) => setSkuData((all) => ({ ...all, [key]: { ...all[key], ...patch } }));
  const setSpec = (i: number, patch: Partial<Spec>) => setSpecs((all) => all.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const setValue = (i: number, k: number, patch: Partial<Spec['values'][number]>) =>
    setSpec(i, { values: specs[i]!.values.map((v, j) => (j === k ? { ...v, ...patch } : v)) });
  const move = (from: number, to: number) =>
    setPictures((all) => {
      if (to < 0 || to >= all.length) return all;
      const next = [...all];
      const [item] = next.splice(from, 1);
      next.splice(to, 0, item!);
      return next;
    });

  async function save(basics: Basics) {
    setError(null);
    const imgs = pictures.filter((p) => p.status === 'done' && p.response).map((p) => p.response!.path);
    if (!imgs.length) {
      setError(t('products.form.imagesRequired'));
      return;
    }
    const body: MerchantProductInput = {
      nameZh: basics.nameZh,
      nameEn: basics.nameEn ?? '',
      briefZh: basics.briefZh ?? '',
      briefEn: basics.briefEn ?? '',
      contentZh,
      contentEn,
      categoryId: basics.categoryPath?.at(-1) ?? 0,
      shopCategoryId: basics.shopCategoryId ?? null,
      imgs,
      mold: basics.mold,
      specs: specs.map((s) => ({ nameZh: s.nameZh, nameEn: s.nameEn, values: s.values.filter((v) => v.zh.trim()) })),
      skus: rows.map((values) => {
        const entry = skuData[keyOf(values)] ?? {};
        return {
          values,
          price: toFen(entry.price),
          oriPrice: entry.oriPrice === null || entry.oriPrice === undefined ? 0 : toFen(entry.oriPrice),
          stocks: entry.existingStocks !== undefined ? 0 : (entry.stocks ?? 0),
          code: entry.code?.trim() ? entry.code.trim() : null,
          weight: Math.round((entry.weightKg ?? 0) * 1000),
        };
      }),
      onShelf: prodId === null && Boolean(basics.onShelf),
    };
    setSaving(true);
    try {
      const saved = await api(prodId === null ? '/merchant/product' : `/merchant/product/${prodId}`, {
        lang,
        method: prodId === null ? 'POST' : 'PUT',
        body,
        schema: MerchantProductDetailSchema,
      });
      void message.success(t('products.form.saved'));
      void client.invalidateQueries({ queryKey: ['products'] });
      client.setQueryData(['product', saved.prodId, lang], saved);
      onDone();
    } catch (err) {
      setError(err instanceof ApiError && err.text ? err.text : t('app.serverError'));
    } finally {
      setSaving(false);
    }
  }

  if (prodId !== null && detail.isLoading) return <Typography.Paragraph>{t('products.form.loading')}</Typography.Paragraph>;
  if (detail.error)
    return (
      <Typography.Paragraph type="danger" role="alert">
        {detail.error instanceof ApiError && detail.error.text ? detail.error.text : t('app.loadFailed')}
      </Typography.Paragraph>
    );
  const offence = detail.data?.offence;

  return (
    <section aria-labelledby="product-edit-title">
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={2} id="product-edit-title" style={{ fontSize: 20 }}>
          {t(prodId === null ? 'products.create' : 'products.edit')}
        </Typography.Title>
        <Button onClick={onDone}>{t('products.form.back')}</Button>
      </Space>
      {offence ? (
        <Typography.Paragraph type="danger" role="status">
          {t('products.takenDownReason', { reason: offence.reason })}
        </Typography.Paragraph>
      ) : null}
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ mold: 0, onShelf: false, shopCategoryId: null }} onFinish={(v) => void save(v)}>
        <Card title={<h3 style={{ margin: 0, fontSize: 16 }}>{t('products.form.basics')}</h3>} style={{ marginBottom: 16 }}>
          <Space wrap align="start" style={{ width: '100%' }}>
            <Form.Item name="nameZh" label={t('products.form.nameZh')} rules={[{ required: true, whitespace: true, message: t('products.form.nameZh') }]} style={{ width: 420 }}>
              <Input maxLength={PRODUCT_NAME_MAX} showCount />
            </Form.Item>
            <Form.Item name="nameEn" label={t('products.form.nameEn')} style={{ width: 420 }}>
              <Input maxLength={PRODUCT_NAME_EN_MAX} showCount />
            </Form.Item>
            <Form.Item name="briefZh" label={t('products.form.briefZh')} style={{ width: 420 }}>
              <Input.TextArea maxLength={PRODUCT_BRIEF_MAX} showCount rows={2} />
            </Form.Item>
            <Form.Item name="briefEn" label={t('products.form.briefEn')} style={{ width: 420 }}>
              <Input.TextArea maxLength={PRODUCT_BRIEF_MAX} showCount rows={2} />
            </Form.Item>
            <Form.Item name="categoryPath" label={t('products.form.category')} rules={[{ required: true, type: 'array', len: 3, message: t('products.form.categoryRequired') }]} style={{ width: 420 }}>
              <Cascader options={categories.tree} placeholder={t('products.form.category')} showSearch />
            </Form.Item>
            <Form.Item name="shopCategoryId" label={t('products.form.shopCategory')} style={{ width: 260 }}>
              <Select allowClear options={categories.shop.map((c) => ({ value: c.id, label: c.name }))} />
            </Form.Item>
            <Form.Item name="mold" label={t('products.form.mold')}>
              <Radio.Group
                options={[
                  { value: 0, label: t('products.form.physical') },
                  { value: 1, label: t('products.form.virtualGoods') },
                ]}
              />
            </Form.Item>
          </Space>
        </Card>

        <Card title={<h3 style={{ margin: 0, fontSize: 16 }}>{t('products.form.images')}</h3>} style={{ marginBottom: 16 }}>
          <Typography.Paragraph type="secondary">{t('products.form.imagesHelp')}</Typography.Paragraph>
          <Upload<Uploaded>
            listType="picture-card"
            accept="image/jpeg,image/png,image/gif"
            multiple
            maxCount={PRODUCT_MAX_IMAGES}
            fileList={pictures}
            onChange={({ fileList }) => setPictures(fileList.map((f) => (f.status === 'done' && f.response && !f.url ? { ...f, url: f.response.url } : f)))}
            customRequest={({ file, onProgress, onSuccess, onError }) => {
              uploadProductImage(file as File, lang, (percent) => onProgress?.({ percent }))
                .then((uploaded) => onSuccess?.(uploaded))
                .catch((err: Error) => {
                  void message.error(err.message || t('products.form.uploadFailed'));
                  onError?.(err);
                });
            }}
            itemRender={(node, file, list) => {
              const i = list.indexOf(file);
              return (
                <div style={{ position: 'relative', height: '100%' }}>
                  {node}
                  <Space size={2} style={{ position: 'absolute', bottom: -22, left: 0 }}>
                    <Button size="small" type="text" disabled={i === 0} aria-label={t('products.form.moveLeft', { n: i + 1 })} onClick={() => move(i, i - 1)}>
                      ←
                    </Button>
                    <Button size="small" type="text" disabled={i === list.length - 1} aria-label={t('products.form.moveRight', { n: i + 1 })} onClick={() => move(i, i + 1)}>
                      →
                    </Button>
                  </Space>
                </div>
              );
            }}
          >
            {pictures.length < PRODUCT_MAX_IMAGES ? <button type="button" style={{ border: 0, background: 'none' }}>+ {t('products.form.upload')}</button> : null}
          </Upload>
        </Card>

        <Card title={<h3 style={{ margin: 0, fontSize: 16 }}>{t('products.form.specs')}</h3>} style={{ marginBottom: 16 }}>
          <Typography.Paragraph type="secondary">{t('products.form.specsHelp')}</Typography.Paragraph>
          {specs.map((spec, i) => (
            <Card key={i} size="small" style={{ marginBottom: 12 }}>
              <Space wrap>
                <Input aria-label={`${t('products.form.specNameZh')} ${i + 1}`} placeholder={t('products.form.specNameZh')} maxLength={SPEC_TEXT_MAX} value={spec.nameZh} onChange={(e) => setSpec(i, { nameZh: e.target.value })} />
                <Input aria-label={`${t('products.form.specNameEn')} ${i + 1}`} placeholder={t('products.form.specNameEn')} maxLength={SPEC_TEXT_MAX * 2} value={spec.nameEn} onChange={(e) => setSpec(i, { nameEn: e.target.value })} />
                <Button danger onClick={() => setSpecs(specs.filter((_s, j) => j !== i))}>
                  {t('products.form.removeSpec')}
                </Button>
              </Space>
              {spec.values.map((value, k) => (
                <Space key={k} wrap style={{ display: 'flex', marginTop: 8 }}>
                  <Input
                    aria-label={`${t('products.form.valueZh')} ${i + 1}-${k + 1}`}
                    placeholder={t('products.form.valueZh')}
                    maxLength={SPEC_TEXT_MAX}
                    value={value.zh}
                    onChange={(e) => setValue(i, k, { zh: e.target.value })}
                  />
                  <Input
                    aria-label={`${t('products.form.valueEn')} ${i + 1}-${k + 1}`}
                    placeholder={t('products.form.valueEn')}
                    maxLength={SPEC_TEXT_MAX * 2}
                    value={value.en}
                    onChange={(e) => setValue(i, k, { en: e.target.value })}
                  />
                  <Button aria-label={`${t('products.form.removeValue')} ${i + 1}-${k + 1}`} onClick={() => setSpec(i, { values: spec.values.filter((_v, j) => j !== k) })}>
                    ×
                  </Button>
                </Space>
              ))}
              <Button style={{ marginTop: 8 }} disabled={spec.values.length >= SPEC_VALUE_MAX} onClick={() => setSpec(i, { values: [...spec.values, { zh: '', en: '' }] })}>
                {t('products.form.addValue')}
              </Button>
            </Card>
          ))}
          <Button disabled={specs.length >= SPEC_MAX} onClick={() => setSpecs([...specs, { nameZh: '', nameEn: '', values: [{ zh: '', en: '' }] }])}>
            {t('products.form.addSpec')}
          </Button>

          <Typography.Title level={4} style={{ fontSize: 15, marginTop: 16 }}>
            {t('products.form.skus')}
          </Typography.Title>
          {prodId !== null ? <Typography.Paragraph type="secondary">{t('products.form.stockLocked')}</Typography.Paragraph> : null}
          <Table<string[]>
            rowKey={(values) => keyOf(values) || 'default'}
            size="small"
            pagination={false}
            dataSource={rows}
            columns={[
              { title: t('products.form.skuName'), render: (_v, values) => values.join(' / ') || t('products.form.defaultSku') },
              {
                title: t('products.form.skuPrice'),
                render: (_v, values) => (
                  <InputNumber
                    aria-label={`${t('products.form.skuPrice')} ${values.join(' / ') || t('products.form.defaultSku')}`}
                    min={0}
                    precision={2}
                    value={skuData[keyOf(values)]?.price}
                    onChange={(v) => setSku(keyOf(values), { price: v })}
                  />
                ),
              },
              {
                title: t('products.form.skuOriPrice'),
                render: (_v, values) => (
                  <InputNumber
                    aria-label={`${t('products.form.skuOriPrice')} ${values.join(' / ') || t('products.form.defaultSku')}`}
                    min={0}
                    precision={2}
                    value={skuData[keyOf(values)]?.oriPrice}
                    onChange={(v) => setSku(keyOf(values), { oriPrice: v })}
                  />
                ),
              },
              {
                title: t('products.form.skuStocks'),
                render: (_v, values) => {
                  const entry = skuData[keyOf(values)];
                  return (
                    <InputNumber
                      aria-label={`${t('products.form.skuStocks')} ${values.join(' / ') || t('products.form.defaultSku')}`}
                      min={0}
                      precision={0}
                      disabled={entry?.existingStocks !== undefined}
                      value={entry?.existingStocks ?? entry?.stocks}
                      onChange={(v) => setSku(keyOf(values), { stocks: v })}
                    />
                  );
                },
              },
              {
                title: t('products.form.skuCode'),
                render: (_v, values) => (
                  <Input
                    aria-label={`${t('products.form.skuCode')} ${values.join(' / ') || t('products.form.defaultSku')}`}
                    maxLength={32}
                    value={skuData[keyOf(values)]?.code ?? ''}
                    onChange={(e) => setSku(keyOf(values), { code: e.target.value })}
                  />
                ),
              },
              {
                title: t('products.form.skuWeight'),
                render: (_v, values) => (
                  <InputNumber
                    aria-label={`${t('products.form.skuWeight')} ${values.join(' / ') || t('products.form.defaultSku')}`}
                    min={0}
                    max={1000}
                    precision={3}
                    value={skuData[keyOf(values)]?.weightKg}
                    onChange={(v) => setSku(keyOf(values), { weightKg: v })}
                  />
                ),
              },
            ]}
          />
        </Card>

        <Card title={<h3 style={{ margin: 0, fontSize: 16 }}>{t('products.form.content')}</h3>} style={{ marginBottom: 16 }}>
          <Tabs
            items={[
              { key: 'zh', label: t('products.form.contentZh'), children: <RichTextEditor id="content-zh" label={t('products.form.contentZh')} value={contentZh} onChange={setContentZh} /> },
              { key: 'en', label: t('products.form.contentEn'), children: <RichTextEditor id="content-en" label={t('products.form.contentEn')} value={contentEn} onChange={setContentEn} /> },
            ]}
          />
        </Card>

        {prodId === null ? (
          <Form.Item name="onShelf" valuePropName="checked">
            <Checkbox>{t('products.form.onShelf')}</Checkbox>
          </Form.Item>
        ) : null}
        <FormError error={error} />
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('products.form.save')}
          </Button>
          <Button onClick={onDone}>{t('products.form.back')}</Button>
        </Space>
      </Form>
    </section>
  );
}
