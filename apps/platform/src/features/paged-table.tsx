// A page of a server-paged list (every shop's orders, after-sales requests, refund payments): its
// load error, the table with the list's empty text, and the pager with the list's count.
import type { UseQueryResult } from '@tanstack/react-query';
import { Table, Typography, type TableProps } from 'antd';
import { errorText } from '@bazaar/console-ui/console-api.ts';
import { useI18n } from '../lib/i18n.tsx';

export function PagedTable<T extends object>({
  list,
  current,
  pageSize,
  onPage,
  emptyText,
  totalText,
  ...table
}: {
  list: UseQueryResult<{ records: T[]; total: number }>;
  current: number;
  pageSize: number;
  onPage: (page: number) => void;
  emptyText: string;
  totalText: (total: number) => string;
} & Omit<TableProps<T>, 'dataSource' | 'loading' | 'locale' | 'pagination'>) {
  const { t } = useI18n();
  return (
    <>
      {list.error ? (
        <Typography.Paragraph type="danger" role="alert">
          {errorText(list.error, t, 'app.loadFailed')}
        </Typography.Paragraph>
      ) : null}
      <Table<T>
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Typography.Text type="secondary">{emptyText}</Typography.Text> }}
        pagination={{ current, pageSize, total: list.data?.total ?? 0, onChange: onPage, showSizeChanger: false, showTotal: totalText }}
        {...table}
      />
    </>
  );
}
