// A navigation whose data request fails (the storefront server answered 500, or the network
// dropped) ends on the error page in the language the shopper was reading, not on raw text keys:
// without the root's data the browser has only that language's texts. This journey uses the plain
// test: the 500 is the point, not a problem to report.
import { expect, test } from '@playwright/test';
import { en, openPage, zh } from './support.ts';

for (const [lang, t, prefix] of [['zh', zh, ''], ['en', en, '/en']] as const) {
  test(`a failed navigation shows the error page in ${lang}`, async ({ page }) => {
    await openPage(page, `${prefix}/`);
    await page.route('**/*.data*', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.locator('.site-header').getByRole('link', { name: t('layout.header.productList') }).click();
    await expect(page.getByText(t('errorPage.fallback.title'))).toBeVisible();
    await expect(page.getByText('errorPage.fallback')).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
  });
}
