// The filters above a console's activity and marketing lists: tabs by state and a name search,
// with the page they lead to. Changing a tab or searching goes back to the first page.
import { useState, type ReactNode } from 'react';
import { Button, Input, Space, Tabs } from 'antd';
import { useI18n } from './i18n-context.tsx';

export interface ListFilterState<Tab extends string> {
  tab: Tab;
  /** The words searched for (what was typed when the search ran), trimmed. */
  keyword: string;
  current: number;
  setTab: (tab: Tab) => void;
  setCurrent: (page: number) => void;
  /** What the search box holds, and the search itself. */
  typed: string;
  setTyped: (typed: string) => void;
  search: () => void;
}

export function useListFilters<Tab extends string>(first: Tab): ListFilterState<Tab> {
  const [tab, setTabOnly] = useState<Tab>(first);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [current, setCurrent] = useState(1);
  return {
    tab,
    keyword,
    current,
    setCurrent,
    typed,
    setTyped,
    setTab: (next) => {
      setTabOnly(next);
      setCurrent(1);
    },
    search: () => {
      setKeyword(typed.trim());
      setCurrent(1);
    },
  };
}

/**
 * The tabs (`<prefix>.tabs.<tab>`) and the search box (`<prefix>.search` as its label and
 * placeholder, `<prefix>.searchButton`), with any further filters after the box.
 */
export function ListFilters<Tab extends string>({ prefix, tabs, filters, children }: { prefix: string; tabs: readonly Tab[]; filters: ListFilterState<Tab>; children?: ReactNode }) {
  const { t } = useI18n();
  return (
    <>
      <Tabs activeKey={filters.tab} onChange={(key) => filters.setTab(key as Tab)} items={tabs.map((key) => ({ key, label: t(`${prefix}.tabs.${key}`) }))} />
      <Space wrap style={{ marginBottom: 16 }}>
        <Space.Compact style={{ width: 420, maxWidth: '100%' }}>
          <Input aria-label={t(`${prefix}.search`)} placeholder={t(`${prefix}.search`)} value={filters.typed} maxLength={50} onChange={(e) => filters.setTyped(e.target.value)} onPressEnter={filters.search} />
          <Button onClick={filters.search}>{t(`${prefix}.searchButton`)}</Button>
        </Space.Compact>
        {children}
      </Space>
    </>
  );
}
