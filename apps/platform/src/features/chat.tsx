// The platform's customer-service workspace (issue 28, decision 063): conversations with toId 0 wait
// in a queue and an agent takes one; another agent answering it gets code 15 'not your
// responsibility'; an agent transfers a conversation to another (code 3); an idle consultation
// expires (code 16). Staff with chat.service only.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Empty, Row, Select, Space, Tabs, Tag, Typography } from 'antd';
import { errorText } from '@bazaar/console-ui/console-api.ts';
import { useChatFrames, useConsoleChat, playChime } from '@bazaar/console-ui/chat-socket.tsx';
import { ChatThreadView } from '@bazaar/console-ui/chat-thread-view.tsx';
import { ChatConversationList } from '@bazaar/console-ui/chat-conversation-list.tsx';
import { useChatConversation } from '@bazaar/console-ui/use-chat-conversation.ts';
import { CHAT_CODE, CHAT_MSG_TYPE, CHAT_SERVICE_STATUS, CHAT_SIDE } from '@bazaar/shared/constants/chat';
import { AdminChatConversationSchema, AdminChatPageSchema, ChatAgentSchema, type AdminChatConversation, type ChatMessage } from '@bazaar/shared/schemas/chat';
import { api } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';

const BASE = '/admin/chat/conversations';
type Scope = 'queue' | 'mine' | 'all';
const STATUS_COLOR: Record<number, string> = { 0: 'warning', 1: 'success', 2: 'default' };

function ConnectionAlert() {
  const { t } = useI18n();
  const chat = useConsoleChat();
  if (!chat || chat.state === 'open') return null;
  if (chat.state === 'retry') return <Alert type="warning" showIcon message={t('chat.state.retry')} action={<Button onClick={chat.retry}>{t('chat.state.retryButton')}</Button>} />;
  if (chat.state === 'kicked' || chat.state === 'refused') return <Alert type="error" showIcon message={t(`chat.state.${chat.state}`)} />;
  return <Alert type="info" message={t('chat.state.connecting')} />;
}

function Conversation({ conversation, adminId, onChanged, onTaken }: { conversation: AdminChatConversation; adminId: number; onChanged: () => void; onTaken: (taken: AdminChatConversation) => void }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const [agent, setAgent] = useState<number | null>(null);
  const view = useChatConversation({ api, lang, base: BASE, userId: conversation.userId, brokenText: t('chat.state.retry'), onRead: onChanged });
  const agents = useQuery({ queryKey: ['chat-agents', lang], queryFn: () => api('/admin/chat/agents', { lang, schema: ChatAgentSchema.array() }) });
  const take = useMutation({
    mutationFn: () => api(`${BASE}/${conversation.userId}/take`, { lang, method: 'POST', body: {}, schema: AdminChatConversationSchema }),
    onSuccess: (taken) => {
      void message.success(t('chat.service.taken'));
      onTaken(taken);
      onChanged();
    },
    onError: (err) => {
      void message.error(errorText(err, t));
      onChanged();
    },
  });
  const transfer = useMutation({
    mutationFn: (toAdminId: number) => api(`${BASE}/${conversation.userId}/transfer`, { lang, method: 'POST', body: { toAdminId }, schema: AdminChatConversationSchema }),
    onSuccess: (moved) => {
      void message.success(t('chat.service.transferred'));
      setAgent(null);
      onTaken(moved);
      onChanged();
    },
    onError: (err) => void message.error(errorText(err, t)),
  });
  const mine = conversation.status === CHAT_SERVICE_STATUS.taken && conversation.agentId === adminId;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: 600 }}>
      <Space wrap style={{ marginBottom: 8, justifyContent: 'space-between', width: '100%' }}>
        <Space>
          <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
            {conversation.nickName}
          </Typography.Title>
          <Tag color={STATUS_COLOR[conversation.status]}>{t(`chat.service.status.${conversation.status}`)}</Tag>
          <Typography.Text type="secondary">{conversation.agentName ? t('chat.service.agent', { name: conversation.agentName }) : t('chat.service.noAgent')}</Typography.Text>
        </Space>
        <Space wrap>
          {!mine ? (
            <Button type="primary" loading={take.isPending} onClick={() => take.mutate()}>
              {t('chat.service.take')}
            </Button>
          ) : (
            <>
              <Select
                aria-label={t('chat.service.transferTo')}
                placeholder={t('chat.service.chooseAgent')}
                style={{ width: 200 }}
                value={agent}
                onChange={setAgent}
                options={(agents.data ?? []).filter((a) => a.adminId !== adminId).map((a) => ({ value: a.adminId, label: `${a.name} (${t(a.online ? 'chat.service.agentOnline' : 'chat.service.agentOffline')})` }))}
              />
              <Button disabled={agent === null} loading={transfer.isPending} onClick={() => agent !== null && transfer.mutate(agent)}>
                {t('chat.service.transfer')}
              </Button>
            </>
          )}
        </Space>
      </Space>
      <ChatThreadView
        peerName={conversation.nickName}
        thread={view.thread}
        hasMore={view.hasMore}
        loading={view.loading}
        failed={view.failed}
        onOlder={view.older}
        onReload={view.reload}
        onResend={view.resend}
        onSend={(text) => view.send(CHAT_MSG_TYPE.text, text)}
      />
    </div>
  );
}

export function ChatServicePage({ adminId }: { adminId: number }) {
  const { t, lang } = useI18n();
  const { message, notification } = App.useApp();
  const client = useQueryClient();
  const [scope, setScope] = useState<Scope>('queue');
  const [selected, setSelected] = useState<string | null>(null);
  // The chosen conversation as last seen, while the lists load (a taken one leaves the queue).
  const [picked, setPicked] = useState<AdminChatConversation | null>(null);
  const list = useQuery({ queryKey: ['chat-service', lang, scope], queryFn: () => api(BASE, { lang, query: { scope, current: 1, size: 100 }, schema: AdminChatPageSchema }) });
  const refresh = () => void client.invalidateQueries({ queryKey: ['chat-service'] });
  // The chosen conversation, looked up in every loaded list (a taken one leaves the queue).
  const known = [scope, ...(['queue', 'mine', 'all'] as const).filter((s) => s !== scope)]
    .map((s) => client.getQueryData<{ records: AdminChatConversation[] }>(['chat-service', lang, s])?.records.find((c) => c.userId === selected))
    .find(Boolean) ?? (picked?.userId === selected ? picked : undefined);

  useChatFrames((frame) => {
    if (frame.code === CHAT_CODE.message || frame.code === CHAT_CODE.unread) refresh();
    const message_ = frame.code === CHAT_CODE.message ? (frame.data as ChatMessage | null) : null;
    if (message_ && message_.fromSide === CHAT_SIDE.shopper && message_.userId !== selected) playChime();
    if (frame.code === CHAT_CODE.notYourResponsibility) {
      void message.error(frame.content ?? '');
      refresh();
    }
    if (frame.code === CHAT_CODE.transferred || frame.code === CHAT_CODE.consultExpired) {
      notification.info({ message: frame.content ?? '', placement: 'bottomRight', duration: 4 });
      refresh();
    }
  });

  return (
    <Card title={<h2 style={{ fontSize: 20, margin: 0 }}>{t('chat.service.title')}</h2>}>
      <ConnectionAlert />
      <Row gutter={16} style={{ marginTop: 12 }}>
        <Col span={8}>
          <Tabs
            activeKey={scope}
            onChange={(key) => setScope(key as Scope)}
            items={(['queue', 'mine', 'all'] as const).map((key) => ({
              key,
              label: key === 'queue' && list.data && scope === 'queue' ? `${t('chat.service.tabs.queue')} (${list.data.queueCount})` : t(`chat.service.tabs.${key}`),
            }))}
          />
          {list.data && scope !== 'queue' && list.data.queueCount > 0 ? <Tag color="warning">{t('chat.service.queueCount', { count: list.data.queueCount })}</Tag> : null}
          <div style={{ maxHeight: 560, overflowY: 'auto' }}>
            <ChatConversationList
              items={list.data?.records ?? []}
              loading={list.isLoading}
              selected={selected}
              onSelect={(c) => {
                setSelected(c.userId);
                setPicked(c);
              }}
              extra={(c) => <Tag color={STATUS_COLOR[c.status]}>{t(`chat.service.status.${c.status}`)}</Tag>}
            />
          </div>
        </Col>
        <Col span={16}>{known ? <Conversation
            key={known.userId}
            conversation={known}
            adminId={adminId}
            onChanged={refresh}
            onTaken={(taken) => {
              setPicked(taken);
              if (taken.agentId === adminId) setScope('mine');
            }}
          /> : <Empty description={t('chat.thread.choose')} />}</Col>
      </Row>
    </Card>
  );
}
