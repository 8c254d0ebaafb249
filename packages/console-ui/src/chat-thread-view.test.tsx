import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { ChatMessage, ChatPeerConversation } from '@bazaar/shared/schemas/chat';
import { addPending, emptyThread, markPending, mergeMessages } from '@bazaar/shared/chat/chat-thread';
import { ChatThreadView } from './chat-thread-view.tsx';
import { ChatConversationList } from './chat-conversation-list.tsx';
import { renderInConsole } from './test/render.tsx';

const USER = 'a'.repeat(32);
const message = (seq: number, fromSide: number, content: string, createTime = '2026-12-06 10:00:00'): ChatMessage => ({
  id: seq,
  conversationId: 1,
  seq,
  userId: USER,
  shopId: 3,
  fromSide,
  senderId: fromSide === 1 ? USER : '7',
  msgType: 0,
  content,
  card: null,
  clientMsgId: null,
  createTime,
});

function view(props: Partial<Parameters<typeof ChatThreadView>[0]> = {}) {
  const onSend = vi.fn();
  const onResend = vi.fn();
  const onOlder = vi.fn();
  const thread = props.thread ?? mergeMessages(emptyThread(), [message(1, 1, '有货吗？', '2026-12-05 22:00:00'), message(2, 2, '<b>有</b>')]);
  renderInConsole(<ChatThreadView peerName="买家甲" thread={thread} hasMore={false} loading={false} failed={false} onOlder={onOlder} onReload={vi.fn()} onResend={onResend} onSend={onSend} {...props} />);
  return { onSend, onResend, onOlder };
}

describe('a console conversation', () => {
  it('shows the messages as text, with a separator per day', () => {
    view();
    const log = screen.getByRole('log');
    expect(log.textContent).toContain('有货吗？');
    // Content is text: markup stays visible as characters.
    expect(log.textContent).toContain('<b>有</b>');
    expect(log.querySelector('b')).toBeNull();
    expect(screen.getAllByRole('separator').map((s) => s.textContent)).toEqual(['2026-12-05', '2026-12-06']);
  });

  it('sends the trimmed text on Enter, and says what is wrong with an empty or too long one', () => {
    const { onSend } = view();
    const box = screen.getByLabelText('chat.composer.label');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe('chat.composer.empty');
    fireEvent.change(box, { target: { value: 'x'.repeat(501) } });
    fireEvent.click(screen.getByRole('button', { name: 'chat.composer.send' }));
    expect(screen.getByRole('alert').textContent).toBe('chat.composer.tooLong{"max":500,"count":501}');
    fireEvent.change(box, { target: { value: '  马上发货  ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('马上发货');
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('a failed message says why and can be sent again', () => {
    let thread = addPending(emptyThread(), { clientMsgId: 'c1', msgType: 0, content: '我也来回答', at: 0 });
    thread = markPending(thread, 'c1', 'failed', '不是你负责的会话');
    const { onResend } = view({ thread });
    expect(screen.getByTestId('chat-pending').textContent).toContain('不是你负责的会话');
    fireEvent.click(screen.getByRole('button', { name: 'chat.thread.resend' }));
    expect(onResend).toHaveBeenCalledWith(expect.objectContaining({ clientMsgId: 'c1' }));
  });

  it('offers older messages when there are more', () => {
    const { onOlder } = view({ hasMore: true });
    fireEvent.click(screen.getByRole('button', { name: 'chat.thread.older' }));
    expect(onOlder).toHaveBeenCalled();
  });
});

describe('the conversation list', () => {
  const conversation = (userId: string, nickName: string, unreadCount: number, online: boolean): ChatPeerConversation => ({
    conversationId: 1,
    userId,
    nickName,
    avatar: null,
    lastContent: '1',
    lastMsgType: 2,
    lastTime: '2026-12-06 10:00:00',
    unreadCount,
    lastSeq: 3,
    online,
  });

  it('shows unread counts, online state and what the last message was; a click chooses it', () => {
    const onSelect = vi.fn();
    renderInConsole(<ChatConversationList items={[conversation(USER, '买家甲', 2, true), conversation('b'.repeat(32), '买家乙', 0, false)]} selected={null} onSelect={onSelect} />);
    const [first, second] = screen.getAllByTestId('chat-conversation');
    expect(first!.textContent).toContain('chat.list.online');
    expect(first!.textContent).toContain('chat.list.last.product');
    expect(first!.querySelector('[data-testid="chat-unread"]')).not.toBeNull();
    expect(second!.textContent).toContain('chat.list.offline');
    expect(second!.querySelector('[data-testid="chat-unread"]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /买家乙/ }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ nickName: '买家乙' }));
  });
});
