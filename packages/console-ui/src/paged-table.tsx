import { Table, Typography, type TableProps } from 'antd';
import { LoadError } from './load-error.tsx';

/** A page of rows as the consoles' list calls answer it. */
interface PageOf<Row> {
  records: Row[];
  total: number;
}

// `loading` is the query's fetching unless given (a list refreshed in the background may keep its rows
// without a spinner).
type PagedTableProps<Row> = Omit<TableProps<Row>, 'dataSource' | 'pagination' | 'locale'> & {
  /** The page's query: its rows and total, whether it is loading, and why it failed. */
  list: { data?: PageOf<Row>; error: unknown; isFetching: boolean };
  current: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** The words when the page has no rows, and the total under the table. */
  empty: string;
  total: (count: number) => string;
};

/**
 * A console list page's table over one page of a list call: the failure above it in the API's own
 * words, the rows, the empty text and the pager with its total (the platform's and the merchant
 * center's list pages all set it up so).
 */
export function PagedTable<Row extends object>({ list, current, pageSize, onPage, empty, total, ...table }: PagedTableProps<Row>) {
  return (
    <>
      {list.error ? (
        <Typography.Paragraph>
          <LoadError error={list.error} />
        </Typography.Paragraph>
      ) : null}
      <Table<Row>
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Typography.Text type="secondary">{empty}</Typography.Text> }}
        pagination={{ current, pageSize, total: list.data?.total ?? 0, onChange: onPage, showSizeChanger: false, showTotal: total }}
        {...table}
      />
    </>
  );
}
