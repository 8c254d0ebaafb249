import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Input, InputNumber, Space, Switch, Table, Typography } from 'antd';
import { z } from 'zod';
import { AdminBalanceOptionSchema, type AdminBalanceOption } from '@bazaar/shared/schemas/balance';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { LoadError } from '@bazaar/console-ui/load-error.tsx';

const ListSchema = z.array(AdminBalanceOptionSchema);
const KEY = ['balance-options'];
const yuan = (fen: number) => (fen / 100).toFixed(2);

interface OptionForm {
  titleZh: string;
  titleEn: string;
  rechargeAmount: string;
  presAmount: string;
  presScore: number;
  presGrowth: number;
  seq: number;
  enabled: boolean;
}

/** The top-up presets (issue 12): pay an amount, get extra balance, points or growth; on or off. */
export function BalanceOptionsPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [editing, setEditing] = useState<AdminBalanceOption | 'new' | null>(null);
  const [form] = Form.useForm<OptionForm>();

  const list = useQuery({ queryKey: [...KEY, lang], queryFn: () => api('/admin/balance/options', { lang, schema: ListSchema }) });
  const fail = (err: unknown) => void message.error(err instanceof ApiError && err.text ? err.text : t('app.serverError'));
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: KEY });
    await client.invalidateQueries({ queryKey: ['audit'] });
  };

  const save = useMutation({
    mutationFn: (values: OptionForm) => {
      const body = { ...values, rechargeAmount: values.rechargeAmount.trim(), presAmount: (values.presAmount ?? '').trim() || '0', presScore: values.presScore ?? 0, presGrowth: values.presGrowth ?? 0, seq: values.seq ?? 0 };
      return editing && editing !== 'new'
        ? api(`/admin/balance/options/${editing.id}`, { lang, method: 'PUT', body, schema: AdminBalanceOptionSchema })
        : api('/admin/balance/options', { lang, method: 'POST', body, schema: AdminBalanceOptionSchema });
    },
    onSuccess: async () => {
      void message.success(t('balanceOptions.saved'));
      setEditing(null);
      await refresh();
    },
    onError: fail,
  });
  const setStatus = useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) => api(`/admin/balance/options/${id}/status`, { lang, method: 'PUT', body: { enabled }, schema: AdminBalanceOptionSchema }),
    onSuccess: async () => {
      void message.success(t('balanceOptions.saved'));
      await refresh();
    },
    onError: fail,
  });

  function open(option: AdminBalanceOption | 'new') {
    setEditing(option);
    const o = option === 'new' ? null : option;
    form.setFieldsValue({
      titleZh: o?.titleZh ?? '',
      titleEn: o?.titleEn ?? '',
      rechargeAmount: o ? yuan(o.rechargeAmount) : '',
      presAmount: o ? yuan(o.presAmount) : '0',
      presScore: o?.presScore ?? 0,
      presGrowth: o?.presGrowth ?? 0,
      seq: o?.seq ?? 0,
      enabled: o?.enabled ?? true,
    });
  }

  const title = (o: AdminBalanceOption) => (lang === 'en' && o.titleEn ? o.titleEn : o.titleZh);
  const required = [{ required: true, whitespace: true, message: t('balanceOptions.required') }];
  const gifts = (o: AdminBalanceOption) =>
    [
      o.presAmount > 0 ? t('balanceOptions.giftAmount', { amount: yuan(o.presAmount) }) : null,
      o.presScore > 0 ? t('balanceOptions.giftScore', { count: o.presScore }) : null,
      o.presGrowth > 0 ? t('balanceOptions.giftGrowth', { growth: o.presGrowth }) : null,
    ]
      .filter(Boolean)
      .join(' · ') || t('balanceOptions.giftNone');

  return (
    <section aria-labelledby="balance-options-title">
      <Typography.Title level={2} id="balance-options-title" style={{ fontSize: 20 }}>
        {t('balanceOptions.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('balanceOptions.intro')}</Typography.Paragraph>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => open('new')}>
          {t('balanceOptions.add')}
        </Button>
      </Space>
      <Table<AdminBalanceOption>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: list.error ? <LoadError error={list.error} /> : t('balanceOptions.empty') }}
        columns={[
          {
            title: t('balanceOptions.columns.title'),
            render: (_v, o) => (
              <Space direction="vertical" size={0}>
                <span lang="zh-CN">{o.titleZh}</span>
                {o.titleEn ? <span lang="en">{o.titleEn}</span> : null}
              </Space>
            ),
          },
          { title: t('balanceOptions.columns.recharge'), render: (_v, o) => `¥${yuan(o.rechargeAmount)}` },
          { title: t('balanceOptions.columns.gifts'), render: (_v, o) => gifts(o) },
          { title: t('balanceOptions.columns.seq'), dataIndex: 'seq' },
          {
            title: t('balanceOptions.columns.status'),
            render: (_v, o) => (
              <Space>
                <Switch
                  size="small"
                  checked={o.enabled}
                  loading={setStatus.isPending && setStatus.variables?.id === o.id}
                  aria-label={`${o.enabled ? t('balanceOptions.turnOff') : t('balanceOptions.turnOn')} ${title(o)}`}
                  onChange={(enabled) => setStatus.mutate({ id: o.id, enabled })}
                />
                <span>{o.enabled ? t('balanceOptions.on') : t('balanceOptions.off')}</span>
              </Space>
            ),
          },
          {
            title: t('balanceOptions.columns.actions'),
            render: (_v, o) => (
              <Button size="small" onClick={() => open(o)} aria-label={`${t('balanceOptions.edit')} ${title(o)}`}>
                {t('balanceOptions.edit')}
              </Button>
            ),
          },
        ]}
      />

      <Drawer
        open={editing !== null}
        width={560}
        title={t(editing === 'new' ? 'balanceOptions.addTitle' : 'balanceOptions.editTitle')}
        onClose={() => setEditing(null)}
        destroyOnHidden
        extra={
          <Space>
            <Button onClick={() => setEditing(null)}>{t('balanceOptions.cancel')}</Button>
            <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
              {t('balanceOptions.save')}
            </Button>
          </Space>
        }
      >
        <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)}>
          <Form.Item name="titleZh" label={t('balanceOptions.titleZh')} rules={required}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="titleEn" label={t('balanceOptions.titleEn')} rules={required}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="rechargeAmount" label={t('balanceOptions.rechargeAmount')} rules={required}>
            <Input inputMode="decimal" autoComplete="off" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="presAmount" label={t('balanceOptions.presAmount')}>
            <Input inputMode="decimal" autoComplete="off" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="presScore" label={t('balanceOptions.presScore')}>
            <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="presGrowth" label={t('balanceOptions.presGrowth')}>
            <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="seq" label={t('balanceOptions.seq')}>
            <InputNumber min={0} max={9_999} precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label={t('balanceOptions.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Drawer>
    </section>
  );
}
