// Shared steps for the journeys: unique data, the sandbox SMS inbox and API shortcuts that
// set up a logged-in shopper without clicking through registration every time.
import { createCipheriv, randomInt } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type BrowserContext, type ConsoleMessage, type Locator, type Page } from '@playwright/test';
import { catalogs } from '@bazaar/shared/i18n/catalogs';
import { SmsInboxEntrySchema, TokenSchema } from '@bazaar/shared/schemas/account';
import { PASSWORD_CIPHER_KEY } from '@bazaar/shared/constants/cipher';
import { checkOpenedPage } from './axe.ts';

/**
 * The password transport cipher (reference section 1), written again with Node's crypto so the
 * journeys also check that the browser's @noble/ciphers version and the server agree.
 */
export function encryptPassword(password: string): string {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(PASSWORD_CIPHER_KEY, 'utf8'), null);
  return Buffer.concat([cipher.update(`${Date.now()}${password}`, 'utf8'), cipher.final()]).toString('base64');
}

// ---- Every journey: no console error, page error or CSP violation ----

const CSP_PREFIX = '[csp violation]';

/**
 * Watches a browser context for what a visitor must never get: uncaught page errors, console
 * errors, and Content-Security-Policy violations (reported by the page's securitypolicyviolation
 * event). One kind of console error is expected and allowed deliberately: Chrome's "Failed to load
 * resource" for an API call (/api/...) that the server answered 4xx, because such an answer is
 * the UI's message to show (wrong password, sold out...), and for a 4xx document (the app's
 * own not-found or problem page, which the journey then checks). A 5xx, a failed asset or any other 4xx still fails the journey. Call the answered
 * function after the journey: it lists the problems.
 */
/** Console errors a journey declared expected for its context (allowConsoleError). */
const allowedConsoleErrors = new WeakMap<BrowserContext, RegExp[]>();

/**
 * Lets one journey's context log a console error that the harness causes, not the page: say why
 * where it is called. Everything else still fails the journey.
 */
export function allowConsoleError(context: BrowserContext, pattern: RegExp): void {
  allowedConsoleErrors.set(context, [...(allowedConsoleErrors.get(context) ?? []), pattern]);
}

export async function watchPageProblems(context: BrowserContext): Promise<() => string[]> {
  const problems: string[] = [];
  // Each failed load with whether it was the page's own document. Its status is read from Chrome's
  // message ("... responded with a status of 404 (Not Found)"), not from a response listener: one
  // makes Playwright build a Request and a Response object, headers and all, for every load of every
  // page, which cost the journeys' test processes more CPU than anything else they do (decision 069).
  const failedLoads: Array<{ message: ConsoleMessage; document: boolean }> = [];
  await context.addInitScript((prefix) => {
    addEventListener('securitypolicyviolation', (e) => console.error(`${prefix} ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`));
  }, CSP_PREFIX);
  context.on('weberror', (error) => problems.push(`page error: ${error.error().stack ?? error.error().message}`));
  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A document's own failed load is logged once it is the page's document.
    if (message.text().startsWith('Failed to load resource')) failedLoads.push({ message, document: message.page()?.url() === message.location().url });
    else if (!allowedConsoleErrors.get(context)?.some((pattern) => pattern.test(message.text()))) problems.push(`console error: ${message.text()}`);
  });
  return () => {
    const unexpected = failedLoads.filter(({ message, document }) => {
      const status = Number(/status of (\d{3})\b/.exec(message.text())?.[1] ?? 0);
      if (status < 400 || status >= 500) return true;
      // The storefront sends only API calls under /api/ (files are under /uploads/).
      const apiAnswer = new URL(message.location().url).pathname.startsWith('/api/');
      return !(apiAnswer || document);
    });
    return [...problems, ...unexpected.map(({ message }) => `console error: ${message.text()} (${message.location().url})`)];
  };
}

/** The journeys' test: every browser context a journey uses through `page`/`context` is watched. */
export const test = base.extend<{ pageProblems: void }>({
  pageProblems: [
    async ({ context }, use) => {
      const problems = await watchPageProblems(context);
      await use();
      expect(problems(), 'console errors, page errors or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

export const API_URL = process.env.BAZAAR_E2E_API_URL ?? 'http://127.0.0.1:18080';

/** A text of the storefront catalogs, by key (interpolation with {{name}}; a counted text picks its plural form by `count`). */
export function text(lang: 'zh' | 'en', key: string, values: Record<string, string | number> = {}): string {
  let node: unknown = catalogs[lang];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (node === undefined && typeof values.count === 'number') return text(lang, `${key}_${new Intl.PluralRules(lang).select(values.count)}`, values);
  if (typeof node !== 'string') throw new Error(`No ${lang} text for ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
export const zh = (key: string, values?: Record<string, string | number>) => text('zh', key, values);
export const en = (key: string, values?: Record<string, string | number>) => text('en', key, values);

/** A phone number no other test (or earlier run on a shared database) uses: 11 digits starting with 1. */
export function uniquePhone(): string {
  return `19${String(randomInt(0, 1e9)).padStart(9, '0')}`;
}

/** A unique account name (letters, digits, underscore; at most 16). */
export function uniqueAccount(prefix = 'e2e'): string {
  return `${prefix}_${uniquePhone().slice(-9)}`.slice(0, 16);
}

/** The newest code the sandbox sent to a phone for a purpose (login, register, password, shopAccount), waiting for it to arrive. */
export async function latestSmsCode(request: APIRequestContext, mobile: string, purpose: 'login' | 'register' | 'password' | 'shopAccount', after = 0): Promise<{ id: number; code: string }> {
  let found: { id: number; code: string } | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${API_URL}/sandbox/sms/messages`);
        expect(response.ok()).toBe(true);
        const entries = SmsInboxEntrySchema.array().parse(await response.json());
        const entry = entries.filter((e) => e.mobile === mobile && e.purpose === purpose && e.id > after && e.code).sort((a, b) => b.id - a.id)[0];
        found = entry?.code ? { id: entry.id, code: entry.code } : null;
        return found !== null;
      },
      { timeout: 10_000, message: `an SMS code for ${mobile} (${purpose})` },
    )
    .toBe(true);
  return found!;
}

export interface Shopper {
  mobile: string;
  userName: string;
  password: string;
  nickName: string;
  token: string;
}

/** Registers a shopper through the API (the register journey itself is clicked in register.test.ts). */
export async function registerShopper(request: APIRequestContext, overrides: Partial<Pick<Shopper, 'password' | 'nickName'>> = {}): Promise<Shopper> {
  const mobile = uniquePhone();
  const userName = uniqueAccount('u');
  const password = overrides.password ?? 'Start_pw1';
  const nickName = overrides.nickName ?? `买家${mobile.slice(-4)}`;
  const send = await request.put(`${API_URL}/user/sendRegisterSms`, { data: { mobile } });
  expect(send.status(), await send.text()).toBe(200);
  const { code } = await latestSmsCode(request, mobile, 'register');
  const check = await request.put(`${API_URL}/user/checkRegisterSms`, { data: { mobile, validCode: code } });
  expect(check.status(), await check.text()).toBe(200);
  const flag = (await check.json()) as string;
  const register = await request.put(`${API_URL}/user/registerOrBindUser`, {
    data: { appType: 3, registerOrBind: 1, validateType: 1, mobile, checkRegisterSmsFlag: flag, userName, password: encryptPassword(password), nickName },
  });
  expect(register.status(), await register.text()).toBe(200);
  const { accessToken } = TokenSchema.parse(await register.json());
  return { mobile, userName, password, nickName, token: accessToken };
}

/** Logs a browser context in as a shopper by its token cookie. */
export async function useToken(context: BrowserContext, baseURL: string, token: string): Promise<void> {
  await context.addCookies([{ name: 'token', value: token, url: baseURL }]);
}

/** Logs in through the API with account and password; answers the token. */
export async function loginByApi(request: APIRequestContext, userName: string, password: string): Promise<string> {
  const response = await request.post(`${API_URL}/login`, { data: { userName, passWord: encryptPassword(password) } });
  expect(response.status(), await response.text()).toBe(200);
  return TokenSchema.parse(await response.json()).accessToken;
}

// ---- Pages ----

/** Resolves once React Router has taken over the server-rendered page (handlers are live). */
/** Waits until React has hydrated the page and run its first effects (root.tsx sets data-hydrated). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** Opens a page and waits until it is interactive; answers the document response. */
export async function openPage(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  await checkOpenedPage(page);
  return response;
}

/**
 * Picks an option of a console's Ant Design select. One list at a time: once, a list still closing
 * (animating out) was taken for the newly opened one, and its option never became clickable.
 */
export async function pickSelectOption(page: Page, select: Locator, title: string): Promise<void> {
  const open = page.locator('.ant-select-dropdown:visible');
  await expect(open).toHaveCount(0);
  await select.click();
  await open.getByTitle(title, { exact: true }).click();
  // The list closes with an animation; until it has gone it lies over what is below the select
  // (in CI the closing list once took the click meant for a dialog's submit button).
  await expect(open).toHaveCount(0);
}

// ---- The top bar and the login popup (Chinese UI unless stated) ----

export function topBar(page: Page): Locator {
  return page.locator('.top-bar');
}

export async function expectLoggedInAs(page: Page, nickName: string): Promise<void> {
  await expect(topBar(page).getByText(zh('layout.topBar.hello', { name: nickName }))).toBeVisible();
}

export async function logoutFromTopBar(page: Page): Promise<void> {
  await waitForHydration(page);
  // The account menu opens on hover, as a mouse user meets it.
  await topBar(page).getByRole('button', { name: zh('layout.topBar.accountMenu') }).hover();
  await page.getByRole('menuitem', { name: zh('layout.topBar.logout') }).click();
  await expect(topBar(page).getByRole('button', { name: zh('layout.topBar.login') })).toBeVisible();
}

export function loginDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: zh('login.dialog.title') });
}

export async function openLoginPopup(page: Page): Promise<Locator> {
  await waitForHydration(page);
  await topBar(page).getByRole('button', { name: zh('layout.topBar.login') }).click();
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Fills the account tab and submits; the page reloads after a successful login. */
export async function loginWithPassword(page: Page, userName: string, password: string): Promise<void> {
  const dialog = await openLoginPopup(page);
  await dialog.getByRole('tab', { name: zh('login.tabs.account') }).click();
  await dialog.getByLabel(zh('login.fields.account'), { exact: true }).fill(userName);
  await dialog.getByLabel(zh('login.fields.password'), { exact: true }).fill(password);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: zh('login.submit') }).click();
  await expect(dialog).toBeHidden();
}

/**
 * The API locks a phone for 60 s after any code was sent to it (section 9's SMS resend lock),
 * whatever the purpose; a journey that needs a second code for the same phone waits it out.
 */
export async function waitForSmsLock(page: Page, sentAt: number): Promise<void> {
  const left = sentAt + 61_000 - Date.now();
  if (left > 0) await page.waitForTimeout(left);
}
