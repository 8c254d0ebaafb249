import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@bazaar/shared/console/api-client';
import { ConsoleLoginPage } from './login-page.tsx';
import { renderInConsole } from './test/render.tsx';

function fill(userName: string, password: string) {
  fireEvent.change(screen.getByLabelText('login.username'), { target: { value: userName } });
  fireEvent.change(screen.getByLabelText('login.password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'login.submit' }));
}

describe("a console's login page", () => {
  it('logs in with the trimmed name and the password as typed, then says so', async () => {
    const logIn = vi.fn(async () => undefined);
    const onLoggedIn = vi.fn();
    renderInConsole(<ConsoleLoginPage logIn={logIn} onLoggedIn={onLoggedIn} />);
    fill('  shop1 ', ' pass word ');
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1));
    expect(logIn).toHaveBeenCalledWith('shop1', ' pass word ');
  });

  it("shows the API's refusal as it said it, and stays on the page", async () => {
    const onLoggedIn = vi.fn();
    renderInConsole(<ConsoleLoginPage logIn={() => Promise.reject(new ApiError(400, '账号或密码不正确'))} onLoggedIn={onLoggedIn} hint />);
    expect(screen.getByText('login.hint')).toBeTruthy();
    fill('shop1', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('账号或密码不正确');
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('asks for the name and the password before calling the API', async () => {
    const logIn = vi.fn(async () => undefined);
    renderInConsole(<ConsoleLoginPage logIn={logIn} onLoggedIn={() => undefined} />);
    fill('   ', '');
    expect(await screen.findByText('login.usernameRequired')).toBeTruthy();
    expect(await screen.findByText('login.passwordRequired')).toBeTruthy();
    expect(logIn).not.toHaveBeenCalled();
  });
});
