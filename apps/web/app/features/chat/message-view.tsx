import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { CHAT_MSG_TYPE, CHAT_SIDE } from '@bazaar/shared/constants/chat';
import type { ChatMessage, ChatOrderCard, ChatProductCard } from '@bazaar/shared/schemas/chat';
import type { Language } from '@bazaar/shared/constants/limits';
import type { PendingMessage } from '@bazaar/shared/chat/chat-thread';
import { formatYuan } from '../../lib/format.ts';
import { isUploadedPicture, lastContentText } from './chat-format.ts';

const isProductCard = (card: ChatMessage['card']): card is ChatProductCard => card !== null && 'prodId' in card;
const isOrderCard = (card: ChatMessage['card']): card is ChatOrderCard => card !== null && 'orderNumber' in card;
/** A card's product name in the reader's language. */
const nameOf = (card: { prodName: string; prodNameEn: string | null }, lang: Language) => (lang === 'en' && card.prodNameEn ? card.prodNameEn : card.prodName);

/** A product as a card: it opens the product. */
export function ProductCardView({ card, lang }: { card: ChatProductCard; lang: Language }) {
  const { t } = useTranslation();
  return (
    <Link className="chat-card" to={`/detail/${card.prodId}`}>
      {card.pic ? <img className="chat-card__pic" src={card.pic} alt="" width={56} height={56} loading="lazy" /> : null}
      <span className="chat-card__body">
        <span className="chat-card__kind">{t('chat.card.product')}</span>
        <span className="chat-card__name">{nameOf(card, lang)}</span>
        <span className="chat-card__price">{formatYuan(card.price, lang)}</span>
      </span>
    </Link>
  );
}

/** An order as a card: it opens the order (the shopper's own order detail). */
export function OrderCardView({ card, lang, link = true }: { card: ChatOrderCard; lang: Language; link?: boolean }) {
  const { t } = useTranslation();
  const body = (
    <>
      {card.pic ? <img className="chat-card__pic" src={card.pic} alt="" width={56} height={56} loading="lazy" /> : null}
      <span className="chat-card__body">
        <span className="chat-card__kind">{t('chat.card.orderNumber', { orderNumber: card.orderNumber })}</span>
        <span className="chat-card__name">{nameOf(card, lang)}</span>
        <span className="chat-card__meta">
          {t('chat.card.items', { count: card.productCount })} · {t('chat.card.total', { amount: formatYuan(card.actualTotal, lang) })}
        </span>
      </span>
    </>
  );
  return link ? (
    <Link className="chat-card" to={`/order-detail?orderNumber=${card.orderNumber}`}>
      {body}
    </Link>
  ) : (
    <span className="chat-card">{body}</span>
  );
}

/** A stored message's content: text (inert), an uploaded picture, or a card. */
export function MessageContent({ message, lang }: { message: Pick<ChatMessage, 'msgType' | 'content' | 'card'>; lang: Language }) {
  const { t } = useTranslation();
  if (message.msgType === CHAT_MSG_TYPE.image && isUploadedPicture(message.content)) {
    return (
      <a className="chat-picture" href={message.content} target="_blank" rel="noopener noreferrer" aria-label={t('chat.thread.openImage')}>
        <img src={message.content} alt={t('chat.thread.image')} loading="lazy" />
      </a>
    );
  }
  if (message.msgType === CHAT_MSG_TYPE.product && isProductCard(message.card)) return <ProductCardView card={message.card} lang={lang} />;
  if (message.msgType === CHAT_MSG_TYPE.order && isOrderCard(message.card)) return <OrderCardView card={message.card} lang={lang} />;
  return <p className="chat-bubble__text">{lastContentText(message.msgType === CHAT_MSG_TYPE.text ? 0 : message.msgType, message.content, t)}</p>;
}

/** One message of the thread, on the shopper's side (right) or the other side (left); system notes in the middle. */
export function MessageRow({ message, mine, otherName, lang }: { message: ChatMessage; mine: boolean; otherName: string; lang: Language }) {
  const { t } = useTranslation();
  if (message.fromSide === CHAT_SIDE.system) {
    return (
      <li className="chat-row chat-row--system" data-seq={message.seq}>
        <span className="visually-hidden">{t('chat.thread.system')}: </span>
        {message.content}
      </li>
    );
  }
  return (
    <li className={`chat-row ${mine ? 'chat-row--mine' : ''}`} data-seq={message.seq} data-testid="chat-message">
      <span className="visually-hidden">{mine ? t('chat.thread.me') : otherName}: </span>
      <div className="chat-bubble">
        <MessageContent message={message} lang={lang} />
      </div>
      <time className="chat-row__time" dateTime={message.createTime.replace(' ', 'T') + '+08:00'}>
        {message.createTime.slice(11, 16)}
      </time>
    </li>
  );
}

/** An own message not acknowledged yet: sending, or failed with its reason and a resend. */
export function PendingRow({ message, lang, onResend }: { message: PendingMessage; lang: Language; onResend: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="chat-row chat-row--mine chat-row--pending" data-testid="chat-pending" data-state={message.state}>
      <span className="visually-hidden">{t('chat.thread.me')}: </span>
      <div className="chat-bubble">
        <MessageContent message={{ msgType: message.msgType, content: message.content, card: null }} lang={lang} />
      </div>
      {message.state === 'sending' ? (
        <span className="chat-row__state">{t('chat.thread.sending')}</span>
      ) : (
        <span className="chat-row__state chat-row__state--failed" role="alert">
          {t('chat.thread.failed')}
          {message.reason ? `: ${message.reason}` : ''}{' '}
          <button type="button" className="chat-link-button" onClick={onResend}>
            {t('chat.thread.resend')}
          </button>
        </span>
      )}
    </li>
  );
}
