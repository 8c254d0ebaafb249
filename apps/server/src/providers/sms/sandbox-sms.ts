import type { FastifyBaseLogger } from 'fastify';
import type { SmsProvider } from './sms-provider.ts';

/**
 * Sends nothing and only logs the code. The account module, which owns sms_messages, records every
 * send and keeps a sandbox's code there for the inbox page (http/sandbox-sms.ts).
 */
export function createSandboxSms(log?: Pick<FastifyBaseLogger, 'info'>): SmsProvider {
  return {
    name: 'sandbox',
    isSandbox: true,
    async sendCode({ mobile, code, purpose }) {
      log?.info({ mobile, purpose, code }, 'sandbox SMS sent');
    },
    async sendNotice({ mobile, text }) {
      log?.info({ mobile, text }, 'sandbox SMS notice sent');
    },
  };
}
