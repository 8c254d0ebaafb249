import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ApiError } from '@bazaar/shared/console/api-client';
import { LoadError } from './load-error.tsx';
import { renderInConsole } from './test/render.tsx';

describe('a failed load', () => {
  it("shows a 403's localized text from the API, not the generic failure", () => {
    renderInConsole(<LoadError error={new ApiError(403, '您的角色没有此权限')} />);
    expect(screen.getByRole('alert').textContent).toBe('您的角色没有此权限');
  });

  it('falls back to the console\'s words when the API gave none (a 5xx, no network)', () => {
    renderInConsole(<LoadError error={new ApiError(500, '')} />);
    expect(screen.getByRole('alert').textContent).toBe('app.loadFailed');
    renderInConsole(<LoadError error={new TypeError('Failed to fetch')} />);
    expect(screen.getAllByRole('alert')[1]!.textContent).toBe('app.loadFailed');
  });
});
