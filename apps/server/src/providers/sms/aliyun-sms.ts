// The real SMS adapter: Aliyun dysmsapi SendSms over HTTPS with an RPC signature.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { invalid, tooMany } from '../../lib/app-error.ts';
import { aliyunTimestamp, canonicalQuery, percentEncode, signRpc } from './aliyun-signature.ts';
import type { SmsProvider } from './sms-provider.ts';

export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com/';
const REQUEST_TIMEOUT_MS = 10_000;

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** The notice template (after-sales reminders), with the variables refundSn, deadline and action; none: no notices by SMS. */
  noticeTemplateCode?: string;
  endpoint?: string;
  /** Injected by tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  now?: () => Date;
  nonce?: () => string;
}

interface SendSmsAnswer {
  Code?: string;
  Message?: string;
  BizId?: string;
  RequestId?: string;
}

/** The signed GET URL for one SendSms call. The template is expected to take a `code` variable. */
export function buildSendSmsUrl(options: AliyunSmsOptions, input: { mobile: string; code: string }): string {
  return buildTemplateUrl(options, { mobile: input.mobile, templateCode: options.templateCode, params: { code: input.code } });
}

/** The signed GET URL sending the notice template with its variables (refundSn, deadline, action). */
export function buildSendNoticeUrl(options: AliyunSmsOptions & { noticeTemplateCode: string }, input: { mobile: string; params: Record<string, string> }): string {
  return buildTemplateUrl(options, { mobile: input.mobile, templateCode: options.noticeTemplateCode, params: input.params });
}

function buildTemplateUrl(options: AliyunSmsOptions, input: { mobile: string; templateCode: string; params: Record<string, string> }): string {
  const params: Record<string, string> = {
    AccessKeyId: options.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: input.mobile,
    RegionId: 'cn-hangzhou',
    SignName: options.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: (options.nonce ?? randomUUID)(),
    SignatureVersion: '1.0',
    TemplateCode: input.templateCode,
    TemplateParam: JSON.stringify(input.params),
    Timestamp: aliyunTimestamp((options.now ?? (() => new Date()))()),
    Version: '2017-05-25',
  };
  const signature = signRpc('GET', params, options.accessKeySecret);
  return `${options.endpoint ?? ALIYUN_SMS_ENDPOINT}?Signature=${percentEncode(signature)}&${canonicalQuery(params)}`;
}

export function createAliyunSms(options: AliyunSmsOptions, log?: Pick<FastifyBaseLogger, 'info' | 'warn'>): SmsProvider {
  const doFetch = options.fetch ?? fetch;
  /** One SendSms call; throws when Aliyun did not accept it. */
  async function send(url: string, mobile: string, purpose: string): Promise<void> {
    const response = await doFetch(url, { method: 'GET', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const answer = (await response.json().catch(() => ({}))) as SendSmsAnswer;
    if (answer.Code !== 'OK') {
      log?.warn({ mobile, purpose, status: response.status, code: answer.Code, message: answer.Message, requestId: answer.RequestId }, 'Aliyun SendSms refused');
      // Aliyun's own per-phone flow control and bad numbers are the user's to see; the rest is ours.
      if (answer.Code === 'isv.BUSINESS_LIMIT_CONTROL') throw tooMany();
      if (answer.Code === 'isv.MOBILE_NUMBER_ILLEGAL') throw invalid('validation.phoneInvalid');
      throw new Error(`Aliyun SendSms failed: ${answer.Code ?? response.status} ${answer.Message ?? ''}`.trim());
    }
    log?.info({ mobile, purpose, bizId: answer.BizId }, 'SMS sent');
  }
  const noticeTemplateCode = options.noticeTemplateCode;
  return {
    name: 'aliyun',
    isSandbox: false,
    async sendCode({ mobile, code, purpose }) {
      await send(buildSendSmsUrl(options, { mobile, code }), mobile, purpose);
    },
    // Only with a notice template: Aliyun sends registered templates, not the notice's free text.
    ...(noticeTemplateCode
      ? {
          async sendNotice({ mobile, params }: { mobile: string; text: string; params?: Record<string, string> }) {
            if (!params) throw new Error('Aliyun notice SMS: the notice template needs its variables (refundSn, deadline, action)');
            await send(buildSendNoticeUrl({ ...options, noticeTemplateCode }, { mobile, params }), mobile, 'notice');
          },
        }
      : {}),
  };
}
