import type { FastifyBaseLogger } from 'fastify';
import { SMS_NOTICE_KINDS, type SmsProvider } from './sms-provider.ts';

/**
 * Sends nothing and only logs the code or the notice. The account module, which owns sms_messages, records every
 * send and keeps a sandbox's code there for the inbox page (http/sandbox-sms.ts).
 */
export function createSandboxSms(log?: Pick<FastifyBaseLogger, 'info'>): SmsProvider {
  return {
    name: 'sandbox',
    isSandbox: true,
    async sendCode({ mobile, code, purpose }) {
      log?.info({ mobile, purpose, code }, 'sandbox SMS sent');
    },
    noticeKinds: new Set(SMS_NOTICE_KINDS),
    async sendNotice({ mobile, kind, text }) {
      log?.info({ mobile, kind, text }, 'sandbox SMS notice sent');
    },
  };
}
