import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, Table, Typography } from 'antd';
import { pageOf } from '@bazaar/shared/schemas/common';
import { AUDIT_ACTIONS, AuditLogSchema, type AuditLog } from '@bazaar/shared/schemas/shop-application';
import { api } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { LoadError } from '@bazaar/console-ui/load-error.tsx';

const PageSchema = pageOf(AuditLogSchema);
/** Long texts (terms, notice contents) are cut to their start and length, so a row stays readable. */
const LONG_TEXT = 120;
const shorten = (_key: string, v: unknown) => (typeof v === 'string' && v.length > LONG_TEXT ? `${v.slice(0, LONG_TEXT)}… (${v.length})` : v);
const show = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value, shorten) : '—');

/** Every change staff made: who, what, when, before and after (newest first). */
export function AuditLogPage() {
  const { t, lang } = useI18n();
  const [action, setAction] = useState<string>('');
  const [current, setCurrent] = useState(1);
  const log = useQuery({
    queryKey: ['audit', action, current, lang],
    queryFn: () => api('/admin/audit-logs', { lang, query: { action, current, size: 20 }, schema: PageSchema }),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="audit-title">
      <Typography.Title level={2} id="audit-title" style={{ fontSize: 20 }}>
        {t('menu.auditLog')}
      </Typography.Title>
      <Select
        aria-label={t('audit.columns.action')}
        style={{ width: 240, marginBottom: 16 }}
        value={action}
        onChange={(v) => {
          setAction(v);
          setCurrent(1);
        }}
        options={[{ value: '', label: t('audit.all') }, ...AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`audit.actions.${a}`) }))]}
      />
      <Table<AuditLog>
        rowKey="id"
        loading={log.isFetching}
        dataSource={log.data?.records ?? []}
        locale={{ emptyText: log.error ? <LoadError error={log.error} /> : t('audit.empty') }}
        pagination={{ current, pageSize: 20, total: log.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
        columns={[
          { title: t('audit.columns.time'), dataIndex: 'createdAt' },
          { title: t('audit.columns.staff'), dataIndex: 'adminName' },
          { title: t('audit.columns.action'), render: (_v, r) => t(`audit.actions.${r.action}`) },
          { title: t('audit.columns.target'), render: (_v, r) => `${r.targetType} #${r.targetId}` },
          { title: t('audit.columns.change'), render: (_v, r) => <code>{`${show(r.before)} → ${show(r.after)}`}</code> },
        ]}
      />
    </section>
  );
}
