import { useEffect, useState } from 'react';
import { percentOff } from '@bazaar/shared/constants/discount-rate';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Drawer, Form, Input, InputNumber, Radio, Space, Switch, Table, Typography } from 'antd';
import { z } from 'zod';
import { TERM_TYPES } from '@bazaar/shared/constants/member';
import { AdminLevelSchema, MemberSettingsSchema, type AdminLevel, type MemberSettings } from '@bazaar/shared/schemas/member';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { LoadError } from '@bazaar/console-ui/load-error.tsx';

const ListSchema = z.array(AdminLevelSchema);
const KEY = ['member-levels'];
const SETTINGS_KEY = ['member-settings'];
const yuan = (fen: number) => (fen / 100).toFixed(2);

interface LevelForm {
  levelType: 0 | 1;
  level: number;
  nameZh: string;
  nameEn: string;
  needGrowth: number;
  discount: number | null;
  discountRange: 0 | 1;
  rateScore: number;
  isFreeFee: boolean;
  enabled: boolean;
  /** Yuan typed per termType; empty = not sold for that period. */
  prices: Record<string, string>;
}

/** The member levels (issue 12): growth levels and paid levels with their prices, and the growth rule; every change audited. */
export function MemberLevelsPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [editing, setEditing] = useState<AdminLevel | { new: 0 | 1 } | null>(null);
  const [form] = Form.useForm<LevelForm>();
  const levelType = Form.useWatch('levelType', form);

  const list = useQuery({ queryKey: [...KEY, lang], queryFn: () => api('/admin/member/levels', { lang, schema: ListSchema }) });
  const fail = (err: unknown) => void message.error(err instanceof ApiError && err.text ? err.text : t('app.serverError'));
  const save = useMutation({
    mutationFn: (values: LevelForm) => {
      const body = {
        levelType: values.levelType,
        level: values.level,
        nameZh: values.nameZh,
        nameEn: values.nameEn ?? '',
        needGrowth: values.levelType === 0 ? (values.needGrowth ?? 0) : 0,
        discount: values.discount ?? null,
        discountRange: values.discountRange,
        rateScore: values.rateScore ?? 1,
        isFreeFee: values.isFreeFee,
        enabled: values.enabled,
        prices:
          values.levelType === 1
            ? TERM_TYPES.filter((tt) => (values.prices?.[tt] ?? '').trim() !== '').map((tt) => ({ termType: tt, price: values.prices[tt]!.trim() }))
            : [],
      };
      return editing && 'id' in editing
        ? api(`/admin/member/levels/${editing.id}`, { lang, method: 'PUT', body, schema: AdminLevelSchema })
        : api('/admin/member/levels', { lang, method: 'POST', body, schema: AdminLevelSchema });
    },
    onSuccess: async () => {
      void message.success(t('memberLevels.saved'));
      setEditing(null);
      await client.invalidateQueries({ queryKey: KEY });
      await client.invalidateQueries({ queryKey: ['audit'] });
    },
    onError: fail,
  });

  function open(level: AdminLevel | { new: 0 | 1 }) {
    setEditing(level);
    const l = 'id' in level ? level : null;
    form.setFieldsValue({
      levelType: l ? (l.levelType as 0 | 1) : (level as { new: 0 | 1 }).new,
      level: l?.level ?? 1,
      nameZh: l?.nameZh ?? '',
      nameEn: l?.nameEn ?? '',
      needGrowth: l?.needGrowth ?? 0,
      discount: l?.discount ?? null,
      discountRange: (l?.discountRange ?? 0) as 0 | 1,
      rateScore: l?.rateScore ?? 1,
      isFreeFee: l?.isFreeFee ?? false,
      enabled: l?.enabled ?? true,
      prices: Object.fromEntries(TERM_TYPES.map((tt) => [tt, l?.prices.find((p) => p.termType === tt) ? yuan(l.prices.find((p) => p.termType === tt)!.price) : ''])),
    });
  }

  const name = (l: AdminLevel) => (lang === 'en' && l.nameEn ? l.nameEn : l.nameZh);
  const columns = (paid: boolean) => [
    { title: t('memberLevels.columns.level'), dataIndex: 'level' },
    {
      title: t('memberLevels.columns.name'),
      render: (_v: unknown, l: AdminLevel) => (
        <Space direction="vertical" size={0}>
          <span lang="zh-CN">{l.nameZh}</span>
          {l.nameEn ? <span lang="en">{l.nameEn}</span> : null}
        </Space>
      ),
    },
    ...(paid
      ? [
          {
            title: t('memberLevels.columns.prices'),
            render: (_v: unknown, l: AdminLevel) => l.prices.map((p) => `${t(`memberLevels.terms.${p.termType}`)} ¥${yuan(p.price)}`).join(' / '),
          },
        ]
      : [{ title: t('memberLevels.columns.need'), dataIndex: 'needGrowth' }]),
    {
      title: t('memberLevels.columns.discount'),
      render: (_v: unknown, l: AdminLevel) =>
        l.discount === null ? t('memberLevels.noDiscount') : `${t('memberLevels.perTen', { discount: l.discount, off: percentOff(l.discount) })} · ${t(`memberLevels.ranges.${l.discountRange}`)}`,
    },
    { title: t('memberLevels.columns.freeFee'), render: (_v: unknown, l: AdminLevel) => (l.isFreeFee ? t('memberLevels.yes') : t('memberLevels.no')) },
    { title: t('memberLevels.columns.rateScore'), render: (_v: unknown, l: AdminLevel) => `×${l.rateScore}` },
    { title: t('memberLevels.columns.status'), render: (_v: unknown, l: AdminLevel) => (l.enabled ? t('memberLevels.on') : t('memberLevels.off')) },
    {
      title: t('memberLevels.columns.actions'),
      render: (_v: unknown, l: AdminLevel) => (
        <Button size="small" onClick={() => open(l)} aria-label={`${t('memberLevels.edit')} ${name(l)}`}>
          {t('memberLevels.edit')}
        </Button>
      ),
    },
  ];
  const of = (type: number) => (list.data ?? []).filter((l) => l.levelType === type);
  const required = [{ required: true, whitespace: true, message: t('memberLevels.required') }];

  return (
    <section aria-labelledby="member-levels-title">
      <Typography.Title level={2} id="member-levels-title" style={{ fontSize: 20 }}>
        {t('memberLevels.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('memberLevels.intro')}</Typography.Paragraph>
      {[1, 0].map((type) => (
        <div key={type} style={{ marginBottom: 24 }}>
          <Space style={{ marginBottom: 12, display: 'flex', justifyContent: 'space-between' }}>
            <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
              {type === 1 ? t('memberLevels.paidTitle') : t('memberLevels.growthTitle')}
            </Typography.Title>
            <Button type="primary" onClick={() => open({ new: type as 0 | 1 })}>
              {type === 1 ? t('memberLevels.addPaid') : t('memberLevels.addGrowth')}
            </Button>
          </Space>
          <Table<AdminLevel>
            rowKey="id"
            loading={list.isFetching}
            dataSource={of(type)}
            pagination={false}
            locale={{ emptyText: list.error ? <LoadError error={list.error} /> : t('memberLevels.empty') }}
            columns={columns(type === 1)}
          />
        </div>
      ))}
      <GrowthRule />

      <Drawer
        open={editing !== null}
        width={560}
        title={t(editing && 'id' in editing ? 'memberLevels.editTitle' : 'memberLevels.addTitle')}
        onClose={() => setEditing(null)}
        destroyOnHidden
        extra={
          <Space>
            <Button onClick={() => setEditing(null)}>{t('memberLevels.cancel')}</Button>
            <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
              {t('memberLevels.save')}
            </Button>
          </Space>
        }
      >
        <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)}>
          <Form.Item name="levelType" label={t('memberLevels.levelType')}>
            <Radio.Group disabled={editing !== null && 'id' in editing}>
              <Radio value={0}>{t('memberLevels.types.0')}</Radio>
              <Radio value={1}>{t('memberLevels.types.1')}</Radio>
            </Radio.Group>
          </Form.Item>
          <Form.Item name="level" label={t('memberLevels.level')} rules={[{ required: true, message: t('memberLevels.required') }]}>
            <InputNumber min={1} max={99} precision={0} />
          </Form.Item>
          <Form.Item name="nameZh" label={t('memberLevels.nameZh')} rules={required}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="nameEn" label={t('memberLevels.nameEn')}>
            <Input maxLength={40} />
          </Form.Item>
          {levelType === 0 ? (
            <Form.Item name="needGrowth" label={t('memberLevels.needGrowth')}>
              <InputNumber min={0} max={100_000_000} precision={0} style={{ width: 200 }} />
            </Form.Item>
          ) : (
            <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
              <legend style={{ fontSize: 14, marginBottom: 8 }}>{t('memberLevels.prices')}</legend>
              <Space wrap>
                {TERM_TYPES.map((tt) => (
                  <Form.Item key={tt} name={['prices', String(tt)]} label={t(`memberLevels.terms.${tt}`)} style={{ marginBottom: 0 }}>
                    <Input inputMode="decimal" autoComplete="off" style={{ width: 100 }} />
                  </Form.Item>
                ))}
              </Space>
            </fieldset>
          )}
          <Form.Item name="discount" label={t('memberLevels.discount')}>
            <InputNumber min={0.1} max={10} step={0.1} precision={2} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="discountRange" label={t('memberLevels.discountRange')}>
            <Radio.Group>
              <Radio value={0}>{t('memberLevels.ranges.0')}</Radio>
              <Radio value={1}>{t('memberLevels.ranges.1')}</Radio>
            </Radio.Group>
          </Form.Item>
          <Form.Item name="rateScore" label={t('memberLevels.rateScore')}>
            <InputNumber min={1} max={10} step={0.1} precision={2} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="isFreeFee" label={t('memberLevels.isFreeFee')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="enabled" label={t('memberLevels.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Drawer>
    </section>
  );
}

/** The growth rule: yuan spent per growth point, typed in yuan and stored in fen. */
function GrowthRule() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ yuanPerPoint: number }>();
  const rule = useQuery({ queryKey: SETTINGS_KEY, queryFn: () => api('/admin/member/settings', { lang, schema: MemberSettingsSchema }) });
  const save = useMutation({
    mutationFn: (body: MemberSettings) => api('/admin/member/settings', { lang, method: 'PUT', body, schema: MemberSettingsSchema }),
    onSuccess: async (saved) => {
      client.setQueryData(SETTINGS_KEY, saved);
      void message.success(t('growthRule.saved'));
      await client.invalidateQueries({ queryKey: ['audit'] });
    },
    onError: (err) => void message.error(err instanceof ApiError && err.text ? err.text : t('app.serverError')),
  });
  const loaded = rule.data?.growthFenPerPoint;
  useEffect(() => {
    if (loaded !== undefined) form.setFieldsValue({ yuanPerPoint: loaded / 100 });
  }, [loaded, form]);
  return (
    <Card title={t('growthRule.title')} loading={rule.isLoading} style={{ maxWidth: 560 }}>
      <Form form={form} layout="vertical" onFinish={({ yuanPerPoint }) => save.mutate({ growthFenPerPoint: Math.round(yuanPerPoint * 100) })}>
        <Form.Item name="yuanPerPoint" label={t('growthRule.fenPerPoint')} extra={t('growthRule.hint')} rules={[{ required: true }]}>
          <InputNumber min={0.01} max={100_000} precision={2} addonAfter={t('growthRule.yuan')} style={{ width: 200 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('growthRule.save')}
        </Button>
      </Form>
    </Card>
  );
}
