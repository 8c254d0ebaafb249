import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { smsMessages } from '../../db/schema.ts';
import type { SmsProvider } from './sms-provider.ts';

/** Sends nothing: records each code so the sandbox inbox page can show it, and logs it. */
export function createSandboxSms(db: Db, log?: Pick<FastifyBaseLogger, 'info'>): SmsProvider {
  return {
    name: 'sandbox',
    isSandbox: true,
    async sendCode({ mobile, code, purpose, ip }) {
      await db.insert(smsMessages).values({ mobile, purpose, provider: 'sandbox', sandboxCode: code, ip: ip ?? null });
      log?.info({ mobile, purpose, code }, 'sandbox SMS sent');
    },
  };
}
