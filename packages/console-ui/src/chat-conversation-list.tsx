// The shoppers' conversations in a console (merchant inbox, platform workspace): avatar, name,
// online or not, the last message, its time and the unread count; the chosen one marked.
import type { ReactNode } from 'react';
import { Avatar, Badge, Empty, Spin, Tag, Typography } from 'antd';
import { CHAT_MSG_TYPE } from '@bazaar/shared/constants/chat';
import type { ChatPeerConversation } from '@bazaar/shared/schemas/chat';
import { useI18n } from './i18n-context.tsx';
import type { T } from '@bazaar/shared/console/translator';

export function lastText(c: Pick<ChatPeerConversation, 'lastMsgType' | 'lastContent'>, t: T): string {
  if (c.lastMsgType === CHAT_MSG_TYPE.image) return t('chat.list.last.image');
  if (c.lastMsgType === CHAT_MSG_TYPE.product) return t('chat.list.last.product');
  if (c.lastMsgType === CHAT_MSG_TYPE.order) return t('chat.list.last.order');
  return c.lastContent;
}

export function ChatConversationList<C extends ChatPeerConversation>({ items, selected, onSelect, extra, loading }: { items: C[]; selected: string | null; onSelect: (c: C) => void; extra?: (c: C) => ReactNode; loading?: boolean }) {
  const { t } = useI18n();
  if (loading && items.length === 0) return <Spin />;
  if (items.length === 0) return <Empty description={t('chat.list.empty')} />;
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((c) => (
        <li
          key={c.userId}
          data-testid="chat-conversation"
          style={{ display: 'flex', gap: 12, alignItems: 'center', padding: '10px 8px', borderBottom: '1px solid #f0f0f0', background: c.userId === selected ? '#e6f4ff' : undefined }}
        >
          <Badge count={c.unreadCount} size="small" title={t('chat.list.unread', { count: c.unreadCount })}>
            <Avatar src={c.avatar ?? undefined} alt="">
              {c.nickName.slice(0, 1)}
            </Avatar>
          </Badge>
          {c.unreadCount > 0 ? <span data-testid="chat-unread" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{t('chat.list.unread', { count: c.unreadCount })}</span> : null}
          <span style={{ flex: 1, minWidth: 0 }}>
            <button type="button" onClick={() => onSelect(c)} aria-current={c.userId === selected ? 'true' : undefined} style={{ all: 'unset', cursor: 'pointer', fontWeight: 600 }}>
              {c.nickName}
            </button>{' '}
            <Tag color={c.online ? 'success' : 'default'}>{t(c.online ? 'chat.list.online' : 'chat.list.offline')}</Tag>
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 220, display: 'block', fontSize: 12 }}>
              {c.lastTime ? `${c.lastTime.slice(5, 16)} · ` : ''}
              {lastText(c, t)}
            </Typography.Text>
          </span>
          {extra?.(c)}
        </li>
      ))}
    </ul>
  );
}
