// A staff member whose role lost a permission (the role changed under an open page) sees the API's
// localized 403 text where the list would be, on every list page, not "failed to load".
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { renderInConsole } from '@bazaar/console-ui/test/render.tsx';
import { ApiError } from '@bazaar/shared/console/api-client';
import { UsersPage } from './users.tsx';
import { StaffPage } from './staff.tsx';
import { ShopsPage } from './shops.tsx';
import { AuditLogPage } from './audit-log.tsx';
import { RolesPage } from './roles.tsx';

const FORBIDDEN = 'You do not have permission to do this.';
let failure: ApiError = new ApiError(403, FORBIDDEN);

vi.mock('../lib/api.ts', async () => {
  const { ApiError: Err } = await import('@bazaar/shared/console/api-client');
  return {
    ApiError: Err,
    api: async () => {
      throw failure;
    },
  };
});

const pages: Array<[string, () => ReactElement]> = [
  ['users', () => <UsersPage />],
  ['staff', () => <StaffPage />],
  ['shops', () => <ShopsPage />],
  ['audit log', () => <AuditLogPage />],
  ['roles', () => <RolesPage />],
];

describe('list pages when the load is refused', () => {
  it.each(pages)('the %s page shows the API\'s forbidden text', async (_name, page) => {
    failure = new ApiError(403, FORBIDDEN);
    renderInConsole(page());
    expect((await screen.findByRole('alert')).textContent).toBe(FORBIDDEN);
    expect(screen.queryByText('app.loadFailed')).toBeNull();
  });

  it('a server failure still reads as a failed load', async () => {
    failure = new ApiError(500, '');
    renderInConsole(<UsersPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('app.loadFailed');
  });
});
