import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { canonicalQuery, percentEncode, signRpc, stringToSign } from './aliyun-signature.ts';
import { buildSendNoticeUrl, buildSendSmsUrl, createAliyunSms } from './aliyun-sms.ts';
import { createSmsProvider } from './create-sms-provider.ts';

// The worked example of Aliyun's RPC signature documentation (DescribeRegions, key "testsecret").
const DOC_PARAMS = {
  Timestamp: '2016-02-23T12:46:24Z',
  Format: 'XML',
  AccessKeyId: 'testid',
  Action: 'DescribeRegions',
  SignatureMethod: 'HMAC-SHA1',
  SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
  Version: '2014-05-26',
  SignatureVersion: '1.0',
};

describe('Aliyun RPC signature', () => {
  it('builds the documented string to sign and signature', () => {
    expect(stringToSign('GET', DOC_PARAMS)).toBe(
      'GET&%2F&AccessKeyId%3Dtestid%26Action%3DDescribeRegions%26Format%3DXML%26SignatureMethod%3DHMAC-SHA1' +
        '%26SignatureNonce%3D3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf%26SignatureVersion%3D1.0' +
        '%26Timestamp%3D2016-02-23T12%253A46%253A24Z%26Version%3D2014-05-26',
    );
    expect(signRpc('GET', DOC_PARAMS, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('percent-encodes per the spec: only A-Z a-z 0-9 - _ . ~ stay', () => {
    expect(percentEncode("a b*c~d!'()-_.")).toBe('a%20b%2Ac~d%21%27%28%29-_.');
    expect(percentEncode('{"code":"1"}')).toBe('%7B%22code%22%3A%221%22%7D');
    expect(percentEncode('阿里')).toBe('%E9%98%BF%E9%87%8C');
    expect(canonicalQuery({ b: '2', a: '1', Signature: 'x' })).toBe('a=1&b=2');
  });

  it('signs a SendSms call whose signature the documented algorithm verifies', () => {
    const url = new URL(
      buildSendSmsUrl(
        { accessKeyId: 'testid', accessKeySecret: 'testsecret', signName: '百货商城', templateCode: 'SMS_123', now: () => new Date('2026-01-02T03:04:05.678Z'), nonce: () => 'n-1' },
        { mobile: '13800138000', code: '123456' },
      ),
    );
    expect(url.origin).toBe('https://dysmsapi.aliyuncs.com');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      PhoneNumbers: '13800138000',
      SignName: '百货商城',
      TemplateCode: 'SMS_123',
      TemplateParam: '{"code":"123456"}',
      Timestamp: '2026-01-02T03:04:05Z',
      SignatureNonce: 'n-1',
    });
    const { Signature, ...rest } = params;
    expect(Signature).toBe(signRpc('GET', rest, 'testsecret'));
    expect(url.search).not.toContain('+'); // spaces and pluses are %-encoded
  });
});

describe('Aliyun notice templates (after-sales reminders, flash-sale starts, failed group-buy teams)', () => {
  const params = { refundSn: '2026120612345678901', deadline: '2026-12-13 10:00:00', action: '自动同意，请尽快处理' };

  it('signs a SendSms call of the notice template with its variables', () => {
    const url = new URL(
      buildSendNoticeUrl(
        { accessKeyId: 'testid', accessKeySecret: 'testsecret', signName: '百货商城', templateCode: 'SMS_123', now: () => new Date('2026-01-02T03:04:05.678Z'), nonce: () => 'n-2' },
        { mobile: '13800138000', templateCode: 'SMS_456', params },
      ),
    );
    const all = Object.fromEntries(url.searchParams);
    expect(all).toMatchObject({ Action: 'SendSms', PhoneNumbers: '13800138000', SignName: '百货商城', TemplateCode: 'SMS_456', Timestamp: '2026-01-02T03:04:05Z', SignatureNonce: 'n-2' });
    expect(JSON.parse(all.TemplateParam!)).toEqual(params);
    const { Signature, ...rest } = all;
    expect(Signature).toBe(signRpc('GET', rest, 'testsecret'));
  });

  it('the adapter sends each kind of notice only by its own template, with the template\'s variables', async () => {
    const calls: string[] = [];
    const fetchStub = (async (url: string) => {
      calls.push(url);
      return new Response(JSON.stringify({ Code: 'OK', BizId: 'b2' }));
    }) as unknown as typeof fetch;
    const options = { accessKeyId: 'id', accessKeySecret: 'secret', signName: 'Bazaar', templateCode: 'SMS_1', fetch: fetchStub };
    expect([...createAliyunSms(options).noticeKinds]).toEqual([]);
    const sms = createAliyunSms({ ...options, noticeTemplates: { refund: 'SMS_2', seckill: 'SMS_3' } });
    expect([...sms.noticeKinds].sort()).toEqual(['refund', 'seckill']);
    await sms.sendNotice({ mobile: '13900139000', kind: 'refund', text: '【Bazaar】售后申请…', params });
    await sms.sendNotice({ mobile: '13900139001', kind: 'seckill', text: '【Bazaar】秒杀开始', params: { name: '秒杀', time: '2026-12-06 10:00:00' } });
    expect(calls).toHaveLength(2);
    const sent = new URL(calls[0]!).searchParams;
    expect(sent.get('TemplateCode')).toBe('SMS_2');
    expect(sent.get('PhoneNumbers')).toBe('13900139000');
    expect(JSON.parse(sent.get('TemplateParam')!)).toEqual(params);
    const second = new URL(calls[1]!).searchParams;
    expect(second.get('TemplateCode')).toBe('SMS_3');
    expect(JSON.parse(second.get('TemplateParam')!)).toEqual({ name: '秒杀', time: '2026-12-06 10:00:00' });
    // Never the free text, and never a kind without its template.
    expect(calls.some((c) => c.includes(encodeURIComponent('售后申请')))).toBe(false);
    await expect(sms.sendNotice({ mobile: '13900139000', kind: 'group', text: 'x', params: { name: 'n', refundSn: '1' } })).rejects.toThrow(/no template for 'group'/);
    expect(calls).toHaveLength(2);
    const refused = createAliyunSms({ ...options, noticeTemplates: { refund: 'SMS_2' }, fetch: (async () => new Response(JSON.stringify({ Code: 'isv.TEMPLATE_MISSING_PARAMETERS', Message: 'missing' }))) as unknown as typeof fetch });
    await expect(refused.sendNotice({ mobile: '13900139000', kind: 'refund', text: 'x', params })).rejects.toThrow('Aliyun SendSms failed: isv.TEMPLATE_MISSING_PARAMETERS missing');
  });

  it('ALIYUN_SMS_NOTICE_TEMPLATE, ALIYUN_SMS_SECKILL_TEMPLATE and ALIYUN_SMS_GROUP_TEMPLATE give the real provider its notices', () => {
    const base = { NODE_ENV: 'test', ALIYUN_SMS_ACCESS_KEY_ID: 'id', ALIYUN_SMS_ACCESS_KEY_SECRET: 's', ALIYUN_SMS_SIGN_NAME: 'n', ALIYUN_SMS_TEMPLATE_CODE: 't' };
    expect([...createSmsProvider(loadEnv(base)).noticeKinds]).toEqual([]);
    expect([...createSmsProvider(loadEnv({ ...base, ALIYUN_SMS_NOTICE_TEMPLATE: 'SMS_9' })).noticeKinds]).toEqual(['refund']);
    const all = createSmsProvider(loadEnv({ ...base, ALIYUN_SMS_NOTICE_TEMPLATE: 'SMS_9', ALIYUN_SMS_SECKILL_TEMPLATE: 'SMS_10', ALIYUN_SMS_GROUP_TEMPLATE: 'SMS_11' }));
    expect([...all.noticeKinds].sort()).toEqual(['group', 'refund', 'seckill']);
    // The sandbox shows every kind in its inbox.
    expect([...createSmsProvider(loadEnv({ NODE_ENV: 'test' })).noticeKinds].sort()).toEqual(['group', 'refund', 'seckill']);
  });
});

describe('Aliyun SMS adapter', () => {
  const options = { accessKeyId: 'id', accessKeySecret: 'secret', signName: 'Bazaar', templateCode: 'SMS_1' };
  const answer = (body: unknown, status = 200) => (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

  it('sends the code as the template parameter and stores nothing (the account module records sends)', async () => {
    const calls: string[] = [];
    const fetchStub = (async (url: string) => {
      calls.push(url);
      return new Response(JSON.stringify({ Code: 'OK', BizId: 'b1', RequestId: 'r1' }));
    }) as unknown as typeof fetch;
    const sms = createAliyunSms({ ...options, fetch: fetchStub });
    await sms.sendCode({ mobile: '13800138000', code: '654321', purpose: 'login' });
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]!).searchParams.get('TemplateParam')).toBe('{"code":"654321"}');
    expect(new URL(calls[0]!).searchParams.get('PhoneNumbers')).toBe('13800138000');
  });

  it('maps refusals: flow control -> 429, bad number -> 400, anything else -> an error', async () => {
    const send = (body: unknown, status?: number) =>
      createAliyunSms({ ...options, fetch: answer(body, status) }).sendCode({ mobile: '13800138000', code: '1', purpose: 'login' });
    await expect(send({ Code: 'isv.BUSINESS_LIMIT_CONTROL' })).rejects.toMatchObject({ kind: 'too_many' });
    await expect(send({ Code: 'isv.MOBILE_NUMBER_ILLEGAL' })).rejects.toMatchObject({ kind: 'invalid', messageKey: 'validation.phoneInvalid' });
    await expect(send({ Code: 'SignatureDoesNotMatch', Message: 'bad' })).rejects.toThrow('Aliyun SendSms failed: SignatureDoesNotMatch bad');
    await expect(send('not json', 503)).rejects.toThrow(/Aliyun SendSms failed/);
  });

  it('is chosen only when all four variables are set', () => {
    const base = { NODE_ENV: 'test', ALIYUN_SMS_ACCESS_KEY_ID: 'id', ALIYUN_SMS_ACCESS_KEY_SECRET: 's', ALIYUN_SMS_SIGN_NAME: 'n', ALIYUN_SMS_TEMPLATE_CODE: 't' };
    expect(createSmsProvider(loadEnv(base)).name).toBe('aliyun');
    for (const key of Object.keys(base).filter((k) => k.startsWith('ALIYUN'))) {
      expect(createSmsProvider(loadEnv({ ...base, [key]: '' })).isSandbox).toBe(true);
    }
  });
});
