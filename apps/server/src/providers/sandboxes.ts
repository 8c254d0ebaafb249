// Which providers run as sandboxes, and who may use their pages. A sandbox shows login codes and
// confirms payments without money, so its pages serve only this machine unless the operator says
// otherwise, and a production start with a sandbox in use must say so explicitly.
import type { Env } from '../env.ts';
import { realCourierConfigured } from './courier/create-courier-provider.ts';
import { realAlipayConfigured, realWechatConfigured } from './payment/create-payment-providers.ts';
import { realSmsConfigured } from './sms/create-sms-provider.ts';

/** The sandboxes this configuration uses, by the variables that would replace each. */
export function sandboxesInUse(env: Env): string[] {
  const inUse: string[] = [];
  if (!realSmsConfigured(env)) inUse.push('SMS (ALIYUN_SMS_*)');
  if (!realAlipayConfigured(env)) inUse.push('Alipay (ALIPAY_*)');
  if (!realWechatConfigured(env)) inUse.push('WeChat Pay (WECHAT_PAY_*)');
  if (!realCourierConfigured(env)) inUse.push('courier (KUAIDI100_*)');
  return inUse;
}

/** Why this configuration must not start, or null. */
export function sandboxStartRefusal(env: Env): string | null {
  if (env.NODE_ENV !== 'production' || env.SANDBOX_PROVIDERS) return null;
  const inUse = sandboxesInUse(env);
  if (inUse.length === 0) return null;
  return (
    `Refusing to start: NODE_ENV=production but these providers are sandboxes: ${inUse.join(', ')}. ` +
    'A sandbox shows login codes and accepts payments without money. Configure the real providers, ' +
    'or set SANDBOX_PROVIDERS=loopback (sandbox pages for this machine only) or SANDBOX_PROVIDERS=true (for everyone, e.g. a public demo).'
  );
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(ip: string): boolean {
  return ip === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/i.test(ip);
}
