import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { ApiError } from '@bazaar/shared/console/api-client';
import { PagedTable } from './paged-table.tsx';
import { renderInConsole } from './test/render.tsx';

type Row = { id: number; name: string };
const columns = [{ title: 'name', dataIndex: 'name' }];

describe('a console list table', () => {
  it('shows the page of rows with its total and pages on', () => {
    const onPage = vi.fn();
    const records = Array.from({ length: 10 }, (_v, i) => ({ id: i + 1, name: `row ${i + 1}` }));
    renderInConsole(
      <PagedTable<Row> rowKey="id" list={{ data: { records, total: 25 }, error: null, isFetching: false }} current={1} pageSize={10} onPage={onPage} empty="none" total={(count) => `${count} in all`} columns={columns} />,
    );
    expect(screen.getByText('row 1')).toBeTruthy();
    expect(screen.getByText('25 in all')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    expect(onPage).toHaveBeenCalledWith(2, 10);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says why the page failed in the API's words, and shows the empty text", () => {
    renderInConsole(
      <PagedTable<Row> rowKey="id" list={{ error: new ApiError(403, '没有权限'), isFetching: false }} current={1} pageSize={10} onPage={() => undefined} empty="none" total={(count) => `${count}`} columns={columns} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('没有权限');
    expect(screen.getByText('none')).toBeTruthy();
  });
});
