// The shoppers' conversations in a console (merchant inbox, platform workspace): avatar, name,
// online or not, the last message, its time and the unread count; the chosen one marked.
import type { ReactNode } from 'react';
import { Avatar, Badge, Empty, List, Tag, Typography } from 'antd';
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
  if (!loading && items.length === 0) return <Empty description={t('chat.list.empty')} />;
  return (
    <List
      loading={loading}
      dataSource={items}
      rowKey={(c) => c.userId}
      renderItem={(c) => (
        <List.Item
          style={{ cursor: 'pointer', background: c.userId === selected ? '#e6f4ff' : undefined, paddingInline: 8 }}
          onClick={() => onSelect(c)}
          data-testid="chat-conversation"
          extra={extra?.(c)}
        >
          <List.Item.Meta
            avatar={
              <Badge count={c.unreadCount} size="small" data-testid={c.unreadCount > 0 ? 'chat-unread' : undefined} title={t('chat.list.unread', { count: c.unreadCount })}>
                <Avatar src={c.avatar ?? undefined} alt="">
                  {c.nickName.slice(0, 1)}
                </Avatar>
              </Badge>
            }
            title={
              <button type="button" onClick={() => onSelect(c)} aria-current={c.userId === selected ? 'true' : undefined} style={{ all: 'unset', cursor: 'pointer', fontWeight: 600 }}>
                {c.nickName}{' '}
                <Tag color={c.online ? 'success' : 'default'} style={{ marginInlineStart: 4 }}>
                  {t(c.online ? 'chat.list.online' : 'chat.list.offline')}
                </Tag>
              </button>
            }
            description={
              <Typography.Text type="secondary" ellipsis style={{ maxWidth: 200, display: 'block' }}>
                {c.lastTime ? `${c.lastTime.slice(5, 16)} · ` : ''}
                {lastText(c, t)}
              </Typography.Text>
            }
          />
        </List.Item>
      )}
    />
  );
}
