import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { createAliyunSms } from './aliyun-sms.ts';
import { createSandboxSms } from './sandbox-sms.ts';
import type { SmsProvider } from './sms-provider.ts';

/** The real adapter when its variables are all set; otherwise the sandbox. */
export function createSmsProvider(env: Env, db: Db, log?: FastifyBaseLogger): SmsProvider {
  const { ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE } = env;
  if (ALIYUN_SMS_ACCESS_KEY_ID && ALIYUN_SMS_ACCESS_KEY_SECRET && ALIYUN_SMS_SIGN_NAME && ALIYUN_SMS_TEMPLATE_CODE) {
    return createAliyunSms(
      db,
      {
        accessKeyId: ALIYUN_SMS_ACCESS_KEY_ID,
        accessKeySecret: ALIYUN_SMS_ACCESS_KEY_SECRET,
        signName: ALIYUN_SMS_SIGN_NAME,
        templateCode: ALIYUN_SMS_TEMPLATE_CODE,
      },
      log,
    );
  }
  return createSandboxSms(db, log);
}
