import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderInConsole } from '@bazaar/console-ui/test/render.tsx';
import { createDecipheriv } from 'node:crypto';
import { PASSWORD_CIPHER_KEY } from '@bazaar/shared/constants/cipher';
import type { StaffMember } from '@bazaar/shared/schemas/merchant-staff';
import { StaffPage } from './staff.tsx';

const member = (over: Partial<StaffMember>): StaffMember => ({ id: 2, username: 'shop1-cs', displayName: '客服 小林', role: 'service', status: 1, lastLoginTime: null, createTime: '2026-12-01 10:00:00', ...over });
const owner = member({ id: 1, username: 'shop1', displayName: null, role: 'owner', lastLoginTime: '2026-12-05 09:00:00' });
/** The password inside the login cipher (a 13-digit timestamp, then the password), as the server opens it. */
const opened = (cipherText: string) => {
  const decipher = createDecipheriv('aes-128-ecb', Buffer.from(PASSWORD_CIPHER_KEY, 'utf8'), null);
  return Buffer.concat([decipher.update(Buffer.from(cipherText, 'base64')), decipher.final()]).toString('utf8').slice(13);
};
const emptyLog = { records: [], total: 0, size: 10, current: 1, pages: 0 };

function staffApi(list: StaffMember[]) {
  return fakeApi((path, { method, body }) => {
    if (path === '/merchant/staff/logs') return emptyLog;
    if (path === '/merchant/staff') return list;
    const [, id, kind] = /^\/merchant\/staff\/(\d+)\/(\w+)$/.exec(path) ?? [];
    const found = list.find((m) => m.id === Number(id))!;
    if (method === 'PUT' && kind === 'status') return { ...found, status: (body as { status: number }).status };
    if (method === 'PUT' && kind === 'role') return { ...found, role: (body as { role: string }).role };
    return found;
  });
}

describe('the staff page', () => {
  it('lists the owner without actions and each staff account with its role, status, last login and actions', async () => {
    const api = staffApi([owner, member({})]);
    renderInConsole(<StaffPage api={api} />);
    const ownerRow = (await screen.findByText('shop1')).closest('tr')!;
    expect(within(ownerRow).getByText('staff.roles.owner')).toBeTruthy();
    expect(within(ownerRow).queryByRole('button')).toBeNull();
    const row = screen.getByText('shop1-cs').closest('tr')!;
    expect(within(row).getByText('客服 小林')).toBeTruthy();
    expect(within(row).getByText('staff.never')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'staff.disableOf{"name":"shop1-cs"}' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'staff.resetPasswordOf{"name":"shop1-cs"}' })).toBeTruthy();
  });

  it('disables an account only after the confirmation', async () => {
    const api = staffApi([owner, member({})]);
    renderInConsole(<StaffPage api={api} />);
    fireEvent.click(await screen.findByRole('button', { name: 'staff.disableOf{"name":"shop1-cs"}' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('staff.confirmDisableText')).toBeTruthy();
    expect(api).not.toHaveBeenCalledWith('/merchant/staff/2/status', expect.anything());
    fireEvent.click(within(dialog).getByRole('button', { name: 'staff.disable' }));
    await waitFor(() => expect(api).toHaveBeenCalledWith('/merchant/staff/2/status', expect.objectContaining({ method: 'PUT', body: { status: 0 } })));
    await screen.findByRole('button', { name: 'staff.enableOf{"name":"shop1-cs"}' });
  });

  it('adds staff with the password encrypted, after checking the form', async () => {
    const api = staffApi([owner]);
    renderInConsole(<StaffPage api={api} />);
    fireEvent.click(await screen.findByRole('button', { name: 'staff.add' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('staff.form.username'), { target: { value: 'shop1-new' } });
    fireEvent.change(within(dialog).getByLabelText('staff.form.password'), { target: { value: 'abc123' } });
    fireEvent.change(within(dialog).getByLabelText('staff.form.confirm'), { target: { value: 'abc124' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'staff.form.submit' }));
    expect(await within(dialog).findByText('staff.form.mismatch')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('staff.form.confirm'), { target: { value: 'abc123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'staff.form.submit' }));
    await waitFor(() => expect(api).toHaveBeenCalledWith('/merchant/staff', expect.objectContaining({ method: 'POST' })));
    const call = api.mock.calls.find(([path, options]) => path === '/merchant/staff' && (options as { method?: string }).method === 'POST')!;
    const body = (call[1] as { body: { username: string; role: string; password: string } }).body;
    expect(body).toMatchObject({ username: 'shop1-new', role: 'service' });
    expect(opened(body.password)).toBe('abc123');
  });
});
