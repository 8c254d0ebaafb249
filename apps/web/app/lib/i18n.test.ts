// The storefront's translator (i18n.tsx): texts asked for by key alone are remembered per language,
// and what it answers is always what i18next answers, also after more texts arrive.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider, i18nFor, provideCatalog, useTranslation } from './i18n.tsx';

function Probe({ keys, seen }: { keys: [string, Record<string, unknown>?][]; seen: string[] }) {
  const { t } = useTranslation();
  for (const [key, values] of keys) seen.push(values ? t(key, values) : t(key));
  return null;
}
function translate(lang: 'zh' | 'en', keys: [string, Record<string, unknown>?][]): string[] {
  const seen: string[] = [];
  renderToString(createElement(I18nProvider, { lang, children: createElement(Probe, { keys, seen }) }));
  return seen;
}

describe('useTranslation', () => {
  it('answers what i18next answers, with and without values, in each language', () => {
    provideCatalog('en', { probe: { hello: 'Hello', count_one: '{{count}} item', count_other: '{{count}} items' } });
    provideCatalog('zh', { probe: { hello: '你好', count_other: '{{count}} 件' } });
    expect(translate('en', [['probe.hello'], ['probe.hello'], ['probe.count', { count: 1 }], ['probe.count', { count: 3 }]])).toEqual(['Hello', 'Hello', '1 item', '3 items']);
    expect(translate('zh', [['probe.hello'], ['probe.count', { count: 3 }]])).toEqual(['你好', '3 件']);
    expect(translate('en', [['probe.hello']])).toEqual([i18nFor('en').t('probe.hello')]);
  });

  it('forgets remembered texts when more arrive, and never remembers a missing key', () => {
    expect(translate('en', [['probe.later']])).toEqual(['probe.later']);
    provideCatalog('en', { probe: { later: 'Now here', hello: 'Hi again' } });
    expect(translate('en', [['probe.later'], ['probe.hello']])).toEqual(['Now here', 'Hi again']);
  });
});
