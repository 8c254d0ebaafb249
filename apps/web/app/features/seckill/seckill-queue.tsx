import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { SECKILL_STATUS_POLL_MAX } from '@bazaar/shared/constants/seckill';
import type { SeckillOrderStatus } from '@bazaar/shared/schemas/seckill';
import { apiData, ApiError } from '../../lib/api.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { pollOrderStatus, type PollOutcome } from './order-status-poll.ts';

export interface OrderQueue {
  phase: 'idle' | 'queuing' | 'failed' | 'timeout';
  /** Polls made so far (1 to 10). */
  tries: number;
  /** The server's reason for a failed attempt. */
  message: string | null;
  /** Waits for the queued order to be written; answers how it ended. */
  wait: (orderNumbers: string) => Promise<PollOutcome['outcome']>;
}

/** The queue after submit: polls createOrderStatus (every 3 s, at most 10 times) and keeps the phase for the page. */
export function useOrderQueue(): OrderQueue {
  const [phase, setPhase] = useState<OrderQueue['phase']>('idle');
  const [tries, setTries] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  // Leaving the page stops the polling.
  useEffect(() => () => controller.current?.abort(), []);

  async function wait(orderNumbers: string) {
    const orderNumber = orderNumbers.split(',')[0] ?? '';
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setPhase('queuing');
    setTries(0);
    setMessage(null);
    const result = await pollOrderStatus({
      // Quiet: a 'hot' refusal while polling is a try that told nothing, not a toast every 3 s.
      check: () => apiData<SeckillOrderStatus>('/p/seckill/createOrderStatus', { query: { orderNumber }, silent: true, signal: current.signal }),
      signal: current.signal,
      isFatal: (error) => error instanceof ApiError && (error.status === 401 || error.status === 204),
      onTry: setTries,
    });
    if (result.outcome === 'failed') {
      setMessage(result.message);
      setPhase('failed');
    } else if (result.outcome === 'timeout') setPhase('timeout');
    return result.outcome;
  }

  return { phase, tries, message, wait };
}

/** The confirm page while the order is queued, and its failure text when it could not be written in time. */
export function SeckillQueue({ queue, seckillId }: { queue: OrderQueue; seckillId: number }) {
  const { t } = useTranslation();
  const queuing = queue.phase === 'queuing';
  const text = queue.phase === 'failed' ? (queue.message ?? t('seckill.errors.queueFailed')) : t('seckill.confirm.timeout');
  return (
    <div className="container page-section">
      <section className="card message-panel seckill-queue" aria-labelledby="seckill-queue-title" data-testid="seckill-queue" data-phase={queue.phase}>
        {queuing ? <span className="seckill-queue__spinner" aria-hidden="true" /> : null}
        <h1 id="seckill-queue-title" className="message-panel__title">
          {queuing ? t('seckill.confirm.queuingTitle') : t('seckill.confirm.failedTitle')}
        </h1>
        {queuing ? (
          <>
            <p className="message-panel__text">{t('seckill.confirm.queuing')}</p>
            <p className="seckill-queue__tries" role="status">
              {queue.tries > 0 ? t('seckill.confirm.queuingTry', { count: queue.tries, max: SECKILL_STATUS_POLL_MAX }) : ''}
            </p>
          </>
        ) : (
          <>
            <p className="message-panel__text" role="alert">
              {text}
            </p>
            {queue.phase === 'timeout' ? <p className="message-panel__text">{t('seckill.confirm.checkOrders')}</p> : null}
            <div className="message-panel__actions">
              <Link to={`/secdetail/${seckillId}`} className={buttonClass()}>
                {t('seckill.confirm.retry')}
              </Link>
              <Link to="/user-center/uc-order" className={buttonClass({ variant: 'secondary' })}>
                {t('seckill.confirm.myOrders')}
              </Link>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
