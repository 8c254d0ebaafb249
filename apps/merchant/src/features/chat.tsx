// The shop's chat inbox (issue 28, decision 063): the shoppers' conversations with unread counts (a
// chime and a notice for a new message elsewhere), the open conversation, and next to it the
// shopper's orders with this shop and the shop's products they viewed (each can be sent as a card);
// quick replies kept by the shop; online or away (an away shop's shoppers get code 12).
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Empty, Input, List, Modal, Popconfirm, Row, Select, Space, Switch, Tag, Typography } from 'antd';
import type { ConsoleApi } from '@bazaar/console-ui/console-api.ts';
import { errorText } from '@bazaar/console-ui/console-api.ts';
import { playChime, useChatFrames, useConsoleChat } from '@bazaar/console-ui/chat-socket.tsx';
import { ChatCardView, ChatThreadView } from '@bazaar/console-ui/chat-thread-view.tsx';
import { ChatConversationList } from '@bazaar/console-ui/chat-conversation-list.tsx';
import { useChatConversation } from '@bazaar/console-ui/use-chat-conversation.ts';
import { CHAT_CODE, CHAT_MSG_TYPE, CHAT_QUICK_REPLY_MAX, CHAT_SIDE } from '@bazaar/shared/constants/chat';
import { ChatQuickReplySchema, MerchantChatContextSchema, MerchantChatPageSchema, MerchantChatStatusSchema, type ChatMessage, type ChatPeerConversation } from '@bazaar/shared/schemas/chat';
import { useI18n } from '../lib/i18n.tsx';

const BASE = '/merchant/chat/conversations';

function ConnectionAlert() {
  const { t } = useI18n();
  const chat = useConsoleChat();
  if (!chat || chat.state === 'open') return null;
  if (chat.state === 'retry') return <Alert type="warning" showIcon message={t('chat.state.retry')} action={<Button onClick={chat.retry}>{t('chat.state.retryButton')}</Button>} />;
  if (chat.state === 'kicked' || chat.state === 'refused') return <Alert type="error" showIcon message={t(`chat.state.${chat.state}`)} />;
  return <Alert type="info" message={t('chat.state.connecting')} />;
}

function AwaySwitch({ api }: { api: ConsoleApi }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const status = useQuery({ queryKey: ['chat-status', lang], queryFn: () => api('/merchant/chat/status', { lang, schema: MerchantChatStatusSchema }) });
  const save = useMutation({
    mutationFn: (away: boolean) => api('/merchant/chat/status', { lang, method: 'PUT', body: { away }, schema: MerchantChatStatusSchema }),
    onSuccess: (next) => {
      client.setQueryData(['chat-status', lang], next);
      void message.success(t('chat.inbox.statusSaved'));
    },
    onError: (err) => void message.error(errorText(err, t)),
  });
  return (
    <Space>
      <span id="chat-status-label">{t('chat.inbox.status')}</span>
      <Switch
        aria-labelledby="chat-status-label"
        checked={status.data ? !status.data.away : true}
        loading={status.isLoading || save.isPending}
        checkedChildren={t('chat.inbox.online')}
        unCheckedChildren={t('chat.inbox.away')}
        onChange={(online) => save.mutate(!online)}
      />
      {status.data?.away ? <Typography.Text type="secondary">{t('chat.inbox.awayHint')}</Typography.Text> : null}
    </Space>
  );
}

function QuickRepliesModal({ api, open, onClose }: { api: ConsoleApi; open: boolean; onClose: () => void }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<{ id: number; content: string } | null>(null);
  const list = useQuery({ queryKey: ['chat-quick', lang], queryFn: () => api('/merchant/chat/quick-replies', { lang, schema: ChatQuickReplySchema.array() }) });
  const done = (key: string) => {
    void client.invalidateQueries({ queryKey: ['chat-quick'] });
    void message.success(t(key));
  };
  const fail = (err: unknown) => void message.error(errorText(err, t));
  const add = useMutation({ mutationFn: (content: string) => api('/merchant/chat/quick-replies', { lang, method: 'POST', body: { content }, schema: ChatQuickReplySchema }), onSuccess: () => (setDraft(''), done('chat.inbox.saved')), onError: fail });
  const edit = useMutation({ mutationFn: (r: { id: number; content: string }) => api(`/merchant/chat/quick-replies/${r.id}`, { lang, method: 'PUT', body: { content: r.content }, schema: ChatQuickReplySchema }), onSuccess: () => (setEditing(null), done('chat.inbox.saved')), onError: fail });
  const remove = useMutation({ mutationFn: (id: number) => api(`/merchant/chat/quick-replies/${id}`, { lang, method: 'DELETE' }), onSuccess: () => done('chat.inbox.deleted'), onError: fail });
  return (
    <Modal open={open} title={t('chat.inbox.manage')} onCancel={onClose} footer={null} destroyOnHidden>
      <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
        <Input aria-label={t('chat.inbox.newReply')} placeholder={t('chat.inbox.newReply')} value={draft} maxLength={CHAT_QUICK_REPLY_MAX} showCount onChange={(e) => setDraft(e.target.value)} />
        <Button type="primary" loading={add.isPending} onClick={() => add.mutate(draft)}>
          {t('chat.inbox.add')}
        </Button>
      </Space.Compact>
      <List
        loading={list.isLoading}
        dataSource={list.data ?? []}
        rowKey="id"
        renderItem={(r) =>
          editing?.id === r.id ? (
            <List.Item>
              <Space.Compact style={{ width: '100%' }}>
                <Input aria-label={t('chat.inbox.edit')} value={editing.content} maxLength={CHAT_QUICK_REPLY_MAX} onChange={(e) => setEditing({ id: r.id, content: e.target.value })} />
                <Button type="primary" loading={edit.isPending} onClick={() => edit.mutate(editing)}>
                  {t('chat.inbox.save')}
                </Button>
                <Button onClick={() => setEditing(null)}>{t('chat.inbox.cancel')}</Button>
              </Space.Compact>
            </List.Item>
          ) : (
            <List.Item
              actions={[
                <Button key="edit" type="link" onClick={() => setEditing({ id: r.id, content: r.content })}>
                  {t('chat.inbox.edit')}
                </Button>,
                <Popconfirm key="delete" title={t('chat.inbox.deleteConfirm')} onConfirm={() => remove.mutate(r.id)}>
                  <Button type="link" danger>
                    {t('chat.inbox.delete')}
                  </Button>
                </Popconfirm>,
              ]}
            >
              <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{r.content}</Typography.Text>
            </List.Item>
          )
        }
      />
    </Modal>
  );
}

function Conversation({ api, shopper, onRead }: { api: ConsoleApi; shopper: ChatPeerConversation; onRead: () => void }) {
  const { t, lang } = useI18n();
  const [insert, setInsert] = useState<{ text: string; at: number } | null>(null);
  const view = useChatConversation({ api, lang, base: BASE, userId: shopper.userId, brokenText: t('chat.state.retry'), onRead });
  const quick = useQuery({ queryKey: ['chat-quick', lang], queryFn: () => api('/merchant/chat/quick-replies', { lang, schema: ChatQuickReplySchema.array() }) });
  const context = useQuery({ queryKey: ['chat-context', shopper.userId, lang], queryFn: () => api(`${BASE}/${shopper.userId}/context`, { lang, schema: MerchantChatContextSchema }) });
  return (
    <Row gutter={16} style={{ height: '100%' }}>
      <Col span={16} style={{ display: 'flex', flexDirection: 'column', height: 560 }}>
        <Typography.Title level={3} style={{ fontSize: 16, marginTop: 0 }}>
          {shopper.nickName}
        </Typography.Title>
        <ChatThreadView
          peerName={shopper.nickName}
          thread={view.thread}
          hasMore={view.hasMore}
          loading={view.loading}
          failed={view.failed}
          onOlder={view.older}
          onReload={view.reload}
          onResend={view.resend}
          onSend={(text) => view.send(CHAT_MSG_TYPE.text, text)}
          insert={insert}
          tools={
            <Select
              aria-label={t('chat.inbox.quickInsert')}
              placeholder={t('chat.inbox.quickInsert')}
              style={{ width: '100%', marginBottom: 8 }}
              value={null}
              options={(quick.data ?? []).map((r) => ({ value: r.id, label: r.content }))}
              onChange={(id) => {
                const reply = quick.data?.find((r) => r.id === id);
                if (reply) setInsert({ text: reply.content, at: Date.now() });
              }}
            />
          }
        />
      </Col>
      <Col span={8}>
        <Typography.Title level={3} style={{ fontSize: 16, marginTop: 0 }}>
          {t('chat.inbox.context')}
        </Typography.Title>
        <Typography.Title level={4} style={{ fontSize: 14 }}>
          {t('chat.inbox.orders')}
        </Typography.Title>
        {context.data?.orders.length ? (
          <List
            size="small"
            dataSource={context.data.orders}
            rowKey="orderNumber"
            renderItem={(o) => (
              <List.Item actions={[<Button key="send" size="small" onClick={() => view.send(CHAT_MSG_TYPE.order, o.orderNumber)} aria-label={`${t('chat.composer.sendCard')} ${t('chat.thread.order', { orderNumber: o.orderNumber })}`}>{t('chat.composer.sendCard')}</Button>]}>
                <ChatCardView card={o} />
              </List.Item>
            )}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.inbox.none')} />
        )}
        <Typography.Title level={4} style={{ fontSize: 14 }}>
          {t('chat.inbox.products')}
        </Typography.Title>
        {context.data?.products.length ? (
          <List
            size="small"
            dataSource={context.data.products}
            rowKey="prodId"
            renderItem={(p) => (
              <List.Item actions={[<Button key="send" size="small" onClick={() => view.send(CHAT_MSG_TYPE.product, String(p.prodId))} aria-label={`${t('chat.composer.sendCard')} ${p.prodName}`}>{t('chat.composer.sendCard')}</Button>]}>
                <ChatCardView card={p} />
              </List.Item>
            )}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.inbox.none')} />
        )}
      </Col>
    </Row>
  );
}

export function ChatInboxPage({ api }: { api: ConsoleApi }) {
  const { t, lang } = useI18n();
  const { notification } = App.useApp();
  const client = useQueryClient();
  const [selected, setSelected] = useState<ChatPeerConversation | null>(null);
  const [manage, setManage] = useState(false);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useQuery({
    queryKey: ['chat-conversations', lang, unreadOnly],
    queryFn: () => api(BASE, { lang, query: { current: 1, size: 100, unread: unreadOnly ? 'true' : undefined }, schema: MerchantChatPageSchema }),
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['chat-conversations'] });

  useChatFrames((frame) => {
    if (frame.code !== CHAT_CODE.message && frame.code !== CHAT_CODE.unread) return;
    refresh();
    const message = frame.code === CHAT_CODE.message ? (frame.data as ChatMessage | null) : null;
    if (message && message.fromSide === CHAT_SIDE.shopper && (message.userId !== selected?.userId || document.visibilityState === 'hidden')) {
      playChime();
      const name = list.data?.records.find((c) => c.userId === message.userId)?.nickName ?? '';
      notification.info({ message: t('chat.newMessage', { name }), placement: 'bottomRight', duration: 3 });
    }
  });

  // The chosen conversation follows the list's newer data (its unread count, online).
  const current = selected ? (list.data?.records.find((c) => c.userId === selected.userId) ?? selected) : null;
  useEffect(() => {
    document.title = list.data?.unreadTotal ? `(${list.data.unreadTotal}) ${t('app.title')}` : t('app.title');
  }, [list.data?.unreadTotal, t]);

  return (
    <Card
      title={<h2 style={{ fontSize: 20, margin: 0 }}>{t('chat.inbox.title')}</h2>}
      extra={
        <Space wrap>
          <AwaySwitch api={api} />
          <Button onClick={() => setManage(true)}>{t('chat.inbox.manage')}</Button>
        </Space>
      }
    >
      <ConnectionAlert />
      <Row gutter={16} style={{ marginTop: 12 }}>
        <Col span={7} style={{ maxHeight: 600, overflowY: 'auto' }}>
          <Space style={{ marginBottom: 8 }}>
            <Typography.Text strong>{t('chat.inbox.conversations')}</Typography.Text>
            {list.data?.unreadTotal ? <Tag color="error">{t('chat.list.unread', { count: list.data.unreadTotal })}</Tag> : null}
            <Switch size="small" checked={unreadOnly} onChange={setUnreadOnly} aria-label={t('chat.inbox.unreadOnly')} />
            <span>{t('chat.inbox.unreadOnly')}</span>
          </Space>
          <ChatConversationList items={list.data?.records ?? []} loading={list.isLoading} selected={current?.userId ?? null} onSelect={setSelected} />
        </Col>
        <Col span={17}>{current ? <Conversation key={current.userId} api={api} shopper={current} onRead={refresh} /> : <Empty description={t('chat.thread.choose')} />}</Col>
      </Row>
      <QuickRepliesModal api={api} open={manage} onClose={() => setManage(false)} />
    </Card>
  );
}
