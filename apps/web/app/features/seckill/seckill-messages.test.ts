// @vitest-environment happy-dom
// The page a flash sale's route shows once its API answered 204 (the activity ended), in the
// browser: it shows the toast "活动已结束！" (in the page's language) and replaces itself with the
// home page. The loaders that turn the 204 into this page are tested in routes/secdetail.test.ts.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '../../components/ui/toast.tsx';
import { SeckillEnded } from './seckill-messages.tsx';
import { LANGUAGES, renderInShell, t } from './seckill-fixtures.ts';

// The shell logs each page view; nothing else is asked of the API here.
beforeEach(() => vi.stubGlobal('fetch', vi.fn(async () => Response.json({}))));
afterEach(() => {
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
});

for (const lang of LANGUAGES) {
  describe(`the ended flash sale (${lang})`, () => {
    it('shows that the activity has ended and replaces the page with the home page', async () => {
      for (const path of ['/secdetail/5', '/secdetail/confirm-order?seckillId=5']) {
        cleanup();
        dismissToast();
        renderInShell(lang, path, [
          { path: 'secdetail/:seckillId', Component: SeckillEnded },
          { path: 'secdetail/confirm-order', Component: SeckillEnded },
        ]);
        // Home, in place of the ended page: "back" does not lead to it again.
        expect((await screen.findByTestId('home')).textContent).toBe('REPLACE');
        expect(document.querySelector('.toast--error .toast__text')?.textContent).toBe(t(lang, 'errors.activityEnded'));
        expect(document.querySelectorAll('.toast')).toHaveLength(1);
      }
      // The catalog's text, not its key: the reference's words in Chinese, English ones in English.
      if (lang === 'zh') expect(t(lang, 'errors.activityEnded')).toBe('活动已结束！');
      else expect(t(lang, 'errors.activityEnded')).toMatch(/^The activity has ended/);
    });
  });
}
