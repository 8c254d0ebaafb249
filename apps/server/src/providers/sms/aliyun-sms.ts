// The real SMS adapter: Aliyun dysmsapi SendSms over HTTPS with an RPC signature.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { invalid, tooMany } from '../../lib/app-error.ts';
import { aliyunTimestamp, canonicalQuery, percentEncode, signRpc } from './aliyun-signature.ts';
import type { SmsNoticeKind, SmsProvider } from './sms-provider.ts';

export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com/';
const REQUEST_TIMEOUT_MS = 10_000;

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /**
   * The notice templates by kind (sms-provider.ts): 'refund' (after-sales reminders: refundSn,
   * deadline, action), 'seckill' (a flash sale starts: name, time), 'group' (a group-buy team failed
   * and was refunded: name, refundSn). A kind without one is not sent by SMS.
   */
  noticeTemplates?: Partial<Record<SmsNoticeKind, string>>;
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

/** The signed GET URL sending a notice template with its variables. */
export function buildSendNoticeUrl(options: AliyunSmsOptions, input: { mobile: string; templateCode: string; params: Record<string, string> }): string {
  return buildTemplateUrl(options, input);
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
  const templates = Object.entries(options.noticeTemplates ?? {}).filter((e): e is [SmsNoticeKind, string] => !!e[1]);
  const noticeTemplates = new Map(templates);
  return {
    name: 'aliyun',
    isSandbox: false,
    async sendCode({ mobile, code, purpose }) {
      await send(buildSendSmsUrl(options, { mobile, code }), mobile, purpose);
    },
    // Aliyun sends registered templates, never the notice's free text: only the kinds with one.
    noticeKinds: new Set(noticeTemplates.keys()),
    async sendNotice({ mobile, kind, params }) {
      const templateCode = noticeTemplates.get(kind);
      if (!templateCode) throw new Error(`Aliyun notice SMS: no template for '${kind}' notices`);
      await send(buildSendNoticeUrl(options, { mobile, templateCode, params }), mobile, `notice:${kind}`);
    },
  };
}
