// The layout of a console's marketing lists (the merchant's promotions, packages and coupons, the
// platform's coupons): a title with "add", an intro, tabs by state, a name search, and a paged table
// whose last column opens a row (edit, or view once closed) or ends it after a confirmation.
import { useMemo, type Key } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { App, Button, Space, Typography, type TableColumnsType } from 'antd';
import type { z } from 'zod';
import { pageOf } from '@bazaar/shared/schemas/common';
import { errorText, type ConsoleApi } from './console-api.ts';
import { useI18n } from './i18n-context.tsx';
import { ListFilters, useListFilters } from './list-filters.tsx';
import { PagedTable } from './paged-table.tsx';

const PAGE_SIZE = 10;

/** A row of such a list: named in both languages. */
export interface NamedRow {
  nameZh: string;
  nameEn: string;
}

export interface StateListPageProps<Row extends NamedRow> {
  api: ConsoleApi;
  /** The list's API path: `GET path?state&keyword&current&size`, `POST path/:id/end`. */
  path: string;
  /** The first part of the list's query key; it is invalidated after an end. */
  queryKey: string;
  /** Other queries an end makes stale (the platform's audit log), invalidated after the list. */
  alsoInvalidate?: QueryKey[];
  /** The texts' key prefix: `<prefix>.title`, `.add`, `.intro`, `.tabs.<tab>`, `.search`, `.searchButton`, `.empty`, `.total`, `.columns.actions`, `.edit`, `.view`, `.end`, `.actionOn`, `.endConfirm`, `.endOk`, `.cancel`, `.ended`. */
  prefix: string;
  /** The title's element id (the section is labelled by it). */
  titleId: string;
  /** The tabs, the first shown at the start ('all'). */
  tabs: readonly string[];
  rowSchema: z.ZodType<Row>;
  /** What `POST path/:id/end` answers. */
  endSchema: z.ZodTypeAny;
  rowKey: keyof Row & string;
  idOf: (row: Row) => number;
  /** Whether a row can still be edited and ended (otherwise it is only viewed). */
  isOpen: (row: Row) => boolean;
  /** The columns before the actions, given the row's name in the console's language. */
  columns: (nameOf: (row: Row) => string) => TableColumnsType<Row>;
  onOpen: (id: number) => void;
  onCreate: () => void;
}

export function StateListPage<Row extends NamedRow>({ api, path, queryKey, alsoInvalidate = [], prefix, titleId, tabs, rowSchema, endSchema, rowKey, idOf, isOpen, columns, onOpen, onCreate }: StateListPageProps<Row>) {
  const { t, lang } = useI18n();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const pageSchema = useMemo(() => pageOf(rowSchema), [rowSchema]);
  const filters = useListFilters(tabs[0] ?? 'all');
  const { tab, keyword, current } = filters;
  const list = useQuery({
    queryKey: [queryKey, lang, tab, keyword, current],
    queryFn: () => api(path, { lang, query: { state: tab, keyword, current, size: PAGE_SIZE }, schema: pageSchema }),
    placeholderData: keepPreviousData,
  });
  const end = useMutation({
    mutationFn: (id: number) => api(`${path}/${id}/end`, { lang, method: 'POST', schema: endSchema }),
    onSuccess: () => void message.success(t(`${prefix}.ended`)),
    onError: (err) => void message.error(errorText(err, t)),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: [queryKey] });
      for (const key of alsoInvalidate) await client.invalidateQueries({ queryKey: key });
    },
  });
  const nameOf = (row: Row) => (lang === 'en' && row.nameEn ? row.nameEn : row.nameZh);

  function confirmEnd(row: Row) {
    modal.confirm({
      title: t(`${prefix}.endConfirm`, { name: nameOf(row) }),
      okText: t(`${prefix}.endOk`),
      cancelText: t(`${prefix}.cancel`),
      okButtonProps: { danger: true },
      onOk: () => end.mutateAsync(idOf(row)).catch(() => undefined),
    });
  }

  return (
    <section aria-labelledby={titleId}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <Typography.Title level={2} id={titleId} style={{ fontSize: 20 }}>
          {t(`${prefix}.title`)}
        </Typography.Title>
        <Button type="primary" onClick={onCreate}>
          {t(`${prefix}.add`)}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{t(`${prefix}.intro`)}</Typography.Paragraph>
      <ListFilters prefix={prefix} tabs={tabs} filters={filters} />
      <PagedTable<Row>
        rowKey={rowKey as Key & string}
        list={list}
        current={current}
        pageSize={PAGE_SIZE}
        onPage={filters.setCurrent}
        empty={t(`${prefix}.empty`)}
        total={(total) => t(`${prefix}.total`, { total })}
        columns={[
          ...columns(nameOf),
          {
            title: t(`${prefix}.columns.actions`),
            render: (_v, row) => {
              const open = isOpen(row);
              const action = t(open ? `${prefix}.edit` : `${prefix}.view`);
              return (
                <Space size={4}>
                  <Button size="small" onClick={() => onOpen(idOf(row))} aria-label={t(`${prefix}.actionOn`, { action, name: nameOf(row) })}>
                    {action}
                  </Button>
                  {open ? (
                    <Button size="small" danger onClick={() => confirmEnd(row)} aria-label={t(`${prefix}.actionOn`, { action: t(`${prefix}.end`), name: nameOf(row) })}>
                      {t(`${prefix}.end`)}
                    </Button>
                  ) : null}
                </Space>
              );
            },
          },
        ]}
      />
    </section>
  );
}
