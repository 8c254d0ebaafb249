// What the shop's group buys and flash sales share: ending an activity early after a confirmation,
// the reason the platform gave when it rejected or took one offline, and the detail page's frame
// (title, end and back, the state) around the activity's own facts.
import type { ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Tag, Typography } from 'antd';
import { errorText, type ConsoleApi } from '@bazaar/console-ui/console-api.ts';
import { useI18n } from '../lib/i18n.tsx';

/** A list's API (`POST <path>/:id/end`), the first part of its query keys, and its texts' prefix. */
export interface ActivityKind {
  path: string;
  queryKey: string;
  prefix: string;
}

/** Ends an activity after a confirmation (`<prefix>.endConfirm`, `.endHint`, `.endOk`, `.cancel`, `.ended`). */
export function useEndActivity(api: ConsoleApi, { path, queryKey, prefix }: ActivityKind) {
  const { t, lang } = useI18n();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const end = useMutation({
    mutationFn: (id: number) => api(`${path}/${id}/end`, { lang, method: 'POST' }),
    onSuccess: () => void message.success(t(`${prefix}.ended`)),
    onError: (err) => void message.error(errorText(err, t)),
    onSettled: () => client.invalidateQueries({ queryKey: [queryKey] }),
  });
  return (id: number, name: string) =>
    modal.confirm({
      title: t(`${prefix}.endConfirm`, { name }),
      content: t(`${prefix}.endHint`),
      okText: t(`${prefix}.endOk`),
      cancelText: t(`${prefix}.cancel`),
      okButtonProps: { danger: true },
      onOk: () => end.mutateAsync(id).catch(() => undefined),
    });
}

/** An activity's row as the platform left it: rejected or offline, with its reason. */
export interface DecidedRow {
  listState: string;
  offlineReason?: string | null;
  auditReason?: string | null;
}

/** The platform's reason (`<prefix>.rejectedReason`, `.offlineReason`), while it holds. */
export function PlatformReason({ prefix, row }: { prefix: string; row: DecidedRow }) {
  const { t } = useI18n();
  if (row.listState === 'rejected' && row.auditReason) return <Typography.Text type="danger">{t(`${prefix}.rejectedReason`, { reason: row.auditReason })}</Typography.Text>;
  if (row.listState === 'offline' && row.offlineReason) return <Typography.Text type="danger">{t(`${prefix}.offlineReason`, { reason: row.offlineReason })}</Typography.Text>;
  return null;
}

export interface ActivityDetailFrameProps<Row extends DecidedRow & { nameZh: string; nameEn?: string | null }> {
  api: ConsoleApi;
  kind: ActivityKind;
  /** The detail's query. */
  detail: { data?: Row; error: unknown };
  id: number;
  canEnd: (row: Row) => boolean;
  stateColor: Record<string, string>;
  onBack: () => void;
  children: (row: Row) => ReactNode;
}

/**
 * One activity's page: its name as the title with "end early" (while it may) and "back", its state
 * with the platform's reason, then what `children` shows of it; a failed load says why.
 */
export function ActivityDetailFrame<Row extends DecidedRow & { nameZh: string; nameEn?: string | null }>({ api, kind, detail, id, canEnd, stateColor, onBack, children }: ActivityDetailFrameProps<Row>) {
  const { t, lang } = useI18n();
  const confirmEnd = useEndActivity(api, kind);
  const { prefix } = kind;
  const titleId = `${prefix}-detail-title`;
  const d = detail.data;
  const name = d ? (lang === 'en' && d.nameEn ? d.nameEn : d.nameZh) : '';
  const back = <Button onClick={onBack}>{t(`${prefix}.detail.back`)}</Button>;
  if (detail.error) {
    return (
      <section aria-labelledby={titleId}>
        <Typography.Title level={2} id={titleId} style={{ fontSize: 20 }}>
          {t(`${prefix}.title`)}
        </Typography.Title>
        <Typography.Paragraph type="danger" role="alert">
          {errorText(detail.error, t, 'app.loadFailed')}
        </Typography.Paragraph>
        {back}
      </section>
    );
  }
  return (
    <section aria-labelledby={titleId}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <Typography.Title level={2} id={titleId} style={{ fontSize: 20 }}>
          {t(`${prefix}.detail.title`, { name })}
        </Typography.Title>
        <Space>
          {d && canEnd(d) ? (
            <Button danger onClick={() => confirmEnd(id, name)}>
              {t(`${prefix}.end`)}
            </Button>
          ) : null}
          {back}
        </Space>
      </Space>
      {d ? (
        <>
          <Space style={{ marginBottom: 16 }}>
            <Tag color={stateColor[d.listState]} data-testid={`${prefix}-state`}>
              {t(`${prefix}.state.${d.listState}`)}
            </Tag>
            <PlatformReason prefix={prefix} row={d} />
          </Space>
          {children(d)}
        </>
      ) : null}
    </section>
  );
}
