import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Form, Image, Input, Modal, Popconfirm, Segmented, Space, Table, Tag, Typography } from 'antd';
import { pageOf } from '@bazaar/shared/schemas/common';
import { AdminApplicationSchema, AUDIT_REMARKS_MAX_LENGTH, RejectApplicationSchema, type AdminApplication } from '@bazaar/shared/schemas/shop-application';
import { api, ApiError } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { LoadError } from '@bazaar/console-ui/load-error.tsx';

const STATUSES = [
  { value: 0, key: 'reviewing', color: 'warning' },
  { value: -1, key: 'rejected', color: 'error' },
  { value: 1, key: 'open', color: 'success' },
  { value: 2, key: 'offline', color: 'default' },
] as const;
const PageSchema = pageOf(AdminApplicationSchema);
const region = (a: AdminApplication) => [a.province, a.city, a.area].filter(Boolean).join(' ');

/** The store application queue: view the documents, approve, or reject with a reason. */
export function ApplicationsPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [status, setStatus] = useState<number>(0);
  const [current, setCurrent] = useState(1);
  const [viewing, setViewing] = useState<AdminApplication | null>(null);
  const [rejecting, setRejecting] = useState<AdminApplication | null>(null);
  const [form] = Form.useForm<{ remarks: string }>();

  const list = useQuery({
    queryKey: ['applications', status, current, lang],
    queryFn: () => api('/admin/shop/applications', { lang, query: { status, current, size: 10 }, schema: PageSchema }),
    placeholderData: keepPreviousData,
  });
  const decide = useMutation({
    mutationFn: ({ shopId, remarks }: { shopId: number; remarks?: string }) =>
      api(`/admin/shop/applications/${shopId}/${remarks === undefined ? 'approve' : 'reject'}`, {
        lang,
        method: 'POST',
        body: remarks === undefined ? {} : { remarks },
        schema: AdminApplicationSchema,
      }),
    onSuccess: async (saved) => {
      void message.success(t(saved.status === 1 ? 'applications.approved' : 'applications.rejected'));
      setRejecting(null);
      setViewing(null);
      form.resetFields();
      await client.invalidateQueries({ queryKey: ['applications'] });
      await client.invalidateQueries({ queryKey: ['audit'] });
    },
    onError: (err) => void message.error(err instanceof ApiError && err.text ? err.text : t('app.serverError')),
  });

  const statusTag = (value: number) => {
    const s = STATUSES.find((x) => x.value === value) ?? STATUSES[3];
    return <Tag color={s.color}>{t(`applications.status.${s.key}`)}</Tag>;
  };
  const actions = (a: AdminApplication) => (
    <Space>
      <Button size="small" onClick={() => setViewing(a)}>
        {t('applications.view')}
      </Button>
      {a.status === 0 ? (
        <>
          <Popconfirm title={t('applications.approveConfirm', { name: a.shopName })} onConfirm={() => decide.mutate({ shopId: a.shopId })}>
            <Button size="small" type="primary">
              {t('applications.approve')}
            </Button>
          </Popconfirm>
          <Button size="small" danger onClick={() => setRejecting(a)}>
            {t('applications.reject')}
          </Button>
        </>
      ) : null}
    </Space>
  );

  return (
    <section aria-labelledby="applications-title">
      <Typography.Title level={2} id="applications-title" style={{ fontSize: 20 }}>
        {t('menu.applications')}
      </Typography.Title>
      <Segmented
        style={{ marginBottom: 16 }}
        value={status}
        onChange={(v) => {
          setStatus(Number(v));
          setCurrent(1);
        }}
        options={STATUSES.map((s) => ({ value: s.value, label: t(`applications.status.${s.key}`) }))}
      />
      <Table<AdminApplication>
        rowKey="shopId"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: list.error ? <LoadError error={list.error} /> : t('applications.empty') }}
        pagination={{ current, pageSize: 10, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
        columns={[
          { title: t('applications.columns.shop'), dataIndex: 'shopName' },
          { title: t('applications.columns.tel'), dataIndex: 'tel' },
          { title: t('applications.columns.region'), render: (_v, a) => region(a) },
          { title: t('applications.columns.updatedAt'), dataIndex: 'updatedAt' },
          { title: t('applications.columns.status'), render: (_v, a) => statusTag(a.status) },
          { title: t('applications.columns.actions'), render: (_v, a) => actions(a) },
        ]}
      />

      <Drawer open={viewing !== null} width={640} title={viewing ? t('applications.detailTitle', { name: viewing.shopName }) : ''} onClose={() => setViewing(null)} extra={viewing && viewing.status === 0 ? actions(viewing) : null}>
        {viewing ? (
          <>
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label={t('applications.columns.status')}>{statusTag(viewing.status)}</Descriptions.Item>
              <Descriptions.Item label={t('applications.fields.shopName')}>{viewing.shopName}</Descriptions.Item>
              <Descriptions.Item label={t('applications.fields.tel')}>{viewing.tel}</Descriptions.Item>
              <Descriptions.Item label={t('applications.fields.region')}>{region(viewing)}</Descriptions.Item>
              <Descriptions.Item label={t('applications.fields.address')}>{viewing.shopAddress}</Descriptions.Item>
              <Descriptions.Item label={t('applications.fields.location')}>{`${viewing.shopLat}, ${viewing.shopLng}`}</Descriptions.Item>
              <Descriptions.Item label={t('applications.fields.intro')}>{viewing.intro}</Descriptions.Item>
              <Descriptions.Item label={t('applications.fields.applicant')}>{viewing.userId ?? '—'}</Descriptions.Item>
              {viewing.remarks ? <Descriptions.Item label={t('applications.fields.remarks')}>{viewing.remarks}</Descriptions.Item> : null}
            </Descriptions>
            <Image.PreviewGroup>
              <Space wrap style={{ marginTop: 16 }}>
                {(
                  [
                    ['logo', viewing.shopLogo],
                    ['license', viewing.businessLicenseUrl],
                    ['idFront', viewing.identityCardFrontUrl],
                    ['idBack', viewing.identityCardLaterUrl],
                  ] as const
                ).map(([key, src]) => (
                  <figure key={key} style={{ margin: 0 }}>
                    <Image width={128} height={128} style={{ objectFit: 'cover' }} src={src} alt={t(`applications.fields.${key}`)} />
                    <figcaption>{t(`applications.fields.${key}`)}</figcaption>
                  </figure>
                ))}
              </Space>
            </Image.PreviewGroup>
          </>
        ) : null}
      </Drawer>

      <Modal
        open={rejecting !== null}
        title={rejecting ? t('applications.rejectTitle', { name: rejecting.shopName }) : ''}
        okText={t('applications.reject')}
        okButtonProps={{ danger: true, loading: decide.isPending }}
        onCancel={() => setRejecting(null)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={(values) => {
            // The API's own schema checks the reason (required, at most 200).
            const checked = RejectApplicationSchema.safeParse(values);
            if (!checked.success || !rejecting) {
              form.setFields([{ name: 'remarks', errors: [t('applications.reasonRequired')] }]);
              return;
            }
            decide.mutate({ shopId: rejecting.shopId, remarks: checked.data.remarks });
          }}
        >
          <Form.Item name="remarks" label={t('applications.reason')} rules={[{ required: true, whitespace: true, message: t('applications.reasonRequired') }]}>
            <Input.TextArea rows={4} maxLength={AUDIT_REMARKS_MAX_LENGTH} showCount placeholder={t('applications.reasonPlaceholder')} />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
