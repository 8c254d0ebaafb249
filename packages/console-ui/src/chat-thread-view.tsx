// One conversation in a console (merchant inbox, platform service workspace): the messages with day
// separators, older pages loaded upward, own messages sending or failed (resend), and the reply box.
// Content is text and shown as text; pictures only from the mall's uploads.
import { Fragment, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Input, Space, Typography } from 'antd';
import { CHAT_MSG_TYPE, CHAT_SIDE, CHAT_TEXT_MAX } from '@bazaar/shared/constants/chat';
import type { ChatMessage, ChatOrderCard, ChatProductCard } from '@bazaar/shared/schemas/chat';
import { dayOf, type PendingMessage, type Thread } from '@bazaar/shared/chat/chat-thread';
import { useI18n } from './i18n-context.tsx';
import { yuan } from './format.ts';

const isPicture = (content: string) => /^\/uploads\/[\w./-]+$/.test(content) && !content.includes('..');

/** A product or order card as the console shows it (the shopper's language does not matter here). */
export function ChatCardView({ card }: { card: ChatProductCard | ChatOrderCard }) {
  const { t, lang } = useI18n();
  const name = lang === 'en' && card.prodNameEn ? card.prodNameEn : card.prodName;
  return (
    <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
      {card.pic ? <img src={card.pic} alt="" width={40} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} /> : null}
      <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {'orderNumber' in card ? t('chat.thread.order', { orderNumber: card.orderNumber }) : t('chat.thread.product')}
        </Typography.Text>
        <span>{name}</span>
        <Typography.Text style={{ fontSize: 12 }}>
          {'orderNumber' in card ? `${t('chat.thread.items', { count: card.productCount })} · ${yuan(card.actualTotal)}` : yuan(card.price)}
        </Typography.Text>
      </span>
    </span>
  );
}

function Content({ msgType, content, card }: { msgType: number; content: string; card: ChatMessage['card'] }) {
  const { t } = useI18n();
  if (msgType === CHAT_MSG_TYPE.image && isPicture(content)) {
    return (
      <a href={content} target="_blank" rel="noopener noreferrer">
        <img src={content} alt={t('chat.thread.image')} style={{ maxWidth: 220, maxHeight: 220, display: 'block' }} />
      </a>
    );
  }
  if ((msgType === CHAT_MSG_TYPE.product || msgType === CHAT_MSG_TYPE.order) && card) return <ChatCardView card={card} />;
  if (msgType !== CHAT_MSG_TYPE.text) return <span>{t(msgType === CHAT_MSG_TYPE.image ? 'chat.list.last.image' : msgType === CHAT_MSG_TYPE.product ? 'chat.list.last.product' : 'chat.list.last.order')}</span>;
  return <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{content}</span>;
}

const bubble = (mine: boolean) => ({
  maxWidth: '70%',
  alignSelf: mine ? ('flex-end' as const) : ('flex-start' as const),
  background: mine ? '#e6f4ff' : '#fff',
  border: '1px solid #e8e8e8',
  borderRadius: 8,
  padding: '6px 10px',
});

export interface ChatThreadViewProps {
  peerName: string;
  thread: Thread;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onOlder: () => void;
  onReload: () => void;
  onResend: (message: PendingMessage) => void;
  /** Sends a text; answers whether it went out to the socket (else the box keeps it). */
  onSend: (text: string) => void;
  /** Under the box: quick replies, cards... */
  tools?: ReactNode;
  /** Text put into the box from outside (a quick reply): the box takes it when it changes. */
  insert?: { text: string; at: number } | null;
  disabled?: boolean;
}

export function ChatThreadView({ peerName, thread, hasMore, loading, failed, onOlder, onReload, onResend, onSend, tools, insert, disabled }: ChatThreadViewProps) {
  const { t } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  const kept = useRef<{ first: number | null; last: number | null; pending: number; height: number }>({ first: null, last: null, pending: 0, height: 0 });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [taken, setTaken] = useState<number | null>(null);
  const first = thread.messages[0]?.seq ?? null;
  const last = thread.messages.at(-1)?.seq ?? null;
  const length = [...text.trim()].length;

  if (insert && insert.at !== taken) {
    setTaken(insert.at);
    setText(insert.text);
  }

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const before = kept.current;
    if (before.first !== null && first !== null && first < before.first && last === before.last) el.scrollTop += el.scrollHeight - before.height;
    else if (last !== before.last || thread.pending.length > before.pending) el.scrollTop = el.scrollHeight;
    kept.current = { first, last, pending: thread.pending.length, height: el.scrollHeight };
  }, [first, last, thread.pending.length]);

  function submit() {
    const content = text.trim();
    if (!content) return setError(t('chat.composer.empty'));
    if (length > CHAT_TEXT_MAX) return setError(t('chat.composer.tooLong', { max: CHAT_TEXT_MAX, count: length }));
    setError(null);
    onSend(content);
    setText('');
  }

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <div
        ref={box}
        role="log"
        tabIndex={0}
        aria-label={t('chat.thread.label', { name: peerName })}
        onScroll={() => {
          if (box.current && box.current.scrollTop < 40 && hasMore && !loading) onOlder();
        }}
        style={{ flex: 1, minHeight: 240, overflowY: 'auto', background: '#fafafa', padding: 12, display: 'flex', flexDirection: 'column', gap: 8 }}
      >
        {failed ? (
          <Alert type="warning" message={t('chat.thread.loadFailed')} action={<Button onClick={onReload}>{t('chat.thread.reload')}</Button>} />
        ) : hasMore ? (
          <Button type="link" onClick={onOlder} loading={loading} style={{ alignSelf: 'center' }}>
            {t('chat.thread.older')}
          </Button>
        ) : thread.messages.length > 0 ? (
          <Typography.Text type="secondary" style={{ alignSelf: 'center', fontSize: 12 }}>
            {t('chat.thread.noMore')}
          </Typography.Text>
        ) : null}
        {thread.messages.map((m, i) => (
          <Fragment key={m.seq}>
            {i === 0 || dayOf(thread.messages[i - 1]!.createTime) !== dayOf(m.createTime) ? (
              <Typography.Text type="secondary" role="separator" style={{ alignSelf: 'center', fontSize: 12 }}>
                {dayOf(m.createTime)}
              </Typography.Text>
            ) : null}
            {m.fromSide === CHAT_SIDE.system ? (
              <Typography.Text type="secondary" style={{ alignSelf: 'center', fontSize: 12 }}>
                {t('chat.thread.system')}: {m.content}
              </Typography.Text>
            ) : (
              <div style={bubble(m.fromSide === CHAT_SIDE.shop)} data-testid="chat-message">
                <span className="visually-hidden" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                  {m.fromSide === CHAT_SIDE.shop ? t('chat.thread.me') : peerName}:{' '}
                </span>
                <Content msgType={m.msgType} content={m.content} card={m.card} />
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 11, textAlign: 'right' }}>
                  {m.createTime.slice(11, 16)}
                </Typography.Text>
              </div>
            )}
          </Fragment>
        ))}
        {thread.pending.map((p) => (
          <div key={p.clientMsgId} style={{ ...bubble(true), opacity: 0.8 }} data-testid="chat-pending">
            <Content msgType={p.msgType} content={p.content} card={null} />
            <Typography.Text type={p.state === 'failed' ? 'danger' : 'secondary'} style={{ display: 'block', fontSize: 12 }} role={p.state === 'failed' ? 'alert' : undefined}>
              {p.state === 'sending' ? t('chat.thread.sending') : `${t('chat.thread.failed')}${p.reason ? `: ${p.reason}` : ''}`}
              {p.state === 'failed' ? (
                <Button type="link" size="small" onClick={() => onResend(p)}>
                  {t('chat.thread.resend')}
                </Button>
              ) : null}
            </Typography.Text>
          </div>
        ))}
      </div>
      <div style={{ paddingTop: 8 }}>
        {tools}
        <Input.TextArea
          aria-label={t('chat.composer.label')}
          value={text}
          rows={3}
          disabled={disabled}
          placeholder={t('chat.composer.placeholder')}
          status={error ? 'error' : undefined}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
        />
        <Space style={{ marginTop: 8, width: '100%', justifyContent: 'space-between' }}>
          {error ? (
            <Typography.Text type="danger" role="alert">
              {error}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">
              {length}/{CHAT_TEXT_MAX}
            </Typography.Text>
          )}
          <Button type="primary" onClick={submit} disabled={disabled}>
            {t('chat.composer.send')}
          </Button>
        </Space>
      </div>
    </div>
  );
}
