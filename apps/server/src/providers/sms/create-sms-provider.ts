import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../env.ts';
import { createAliyunSms } from './aliyun-sms.ts';
import { createSandboxSms } from './sandbox-sms.ts';
import type { SmsProvider } from './sms-provider.ts';

export function realSmsConfigured(env: Env): boolean {
  return !!(env.ALIYUN_SMS_ACCESS_KEY_ID && env.ALIYUN_SMS_ACCESS_KEY_SECRET && env.ALIYUN_SMS_SIGN_NAME && env.ALIYUN_SMS_TEMPLATE_CODE);
}

/** The real adapter when its variables are all set; otherwise the sandbox. */
export function createSmsProvider(env: Env, log?: FastifyBaseLogger): SmsProvider {
  if (realSmsConfigured(env)) {
    return createAliyunSms(
      {
        accessKeyId: env.ALIYUN_SMS_ACCESS_KEY_ID!,
        accessKeySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET!,
        signName: env.ALIYUN_SMS_SIGN_NAME!,
        templateCode: env.ALIYUN_SMS_TEMPLATE_CODE!,
        noticeTemplates: { refund: env.ALIYUN_SMS_NOTICE_TEMPLATE, seckill: env.ALIYUN_SMS_SECKILL_TEMPLATE, group: env.ALIYUN_SMS_GROUP_TEMPLATE },
      },
      log,
    );
  }
  return createSandboxSms(log);
}
