// A NUL byte used to reach PostgreSQL (which refuses it) and come back as a 500. The shared
// text schema refuses control characters first, with the invalid-input message.
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { json, registerUser, type RegisteredUser } from '../test/account-test-kit.ts';

let t: TestApp;
let user: RegisteredUser;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await ensureSeeded();
  user = await registerUser(t);
});

const address = { receiver: '张三', mobile: '13912345678', provinceId: 330000, cityId: 330100, areaId: 330106, addr: '文三路 90 号', commonAddr: false };

describe('control characters in text input', () => {
  const cases: [string, () => InjectOptions][] = [
    ['login name', () => ({ method: 'POST', url: '/login', ...json({ userName: 'abc\u0000', passWord: 'x' }, { headers: en }) })],
    ['merchant login', () => ({ method: 'POST', url: '/merchant/login', ...json({ username: 'shop\u0000', password: 'x' }, { headers: en }) })],
    ['nickname', () => ({ method: 'PUT', url: '/p/user/setUserInfo', ...json({ nickName: 'a\u0000b' }, { headers: { ...en, authorization: user.token } }) })],
    ['address', () => ({ method: 'POST', url: '/p/address/addAddr', ...json({ ...address, addr: '1\u0000号' }, { headers: { ...en, authorization: user.token } }) })],
    ['receiver', () => ({ method: 'POST', url: '/p/address/addAddr', ...json({ ...address, receiver: '张\u001b三' }, { headers: { ...en, authorization: user.token } }) })],
    [
      'order remark',
      () => ({
        method: 'POST',
        url: '/p/order/submit',
        ...json({ uuid: 'abcdefgh-1234', orderShopParams: [{ shopId: 1, remarks: 'fast\u0000' }] }, { headers: { ...en, authorization: user.token } }),
      }),
    ],
    ['shop search', () => ({ method: 'GET', url: '/shop/searchShops?shopName=a%00b', headers: en })],
    ['product search', () => ({ method: 'GET', url: '/search/page?keyword=%00', headers: en })],
    ['order search', () => ({ method: 'GET', url: '/p/myOrder/myOrder?prodName=%00', headers: { ...en, authorization: user.token } })],
    ['traffic log', () => ({ method: 'POST', url: '/flowAnalysisLog', ...json({ pageId: 1, step: 1, uuid: 'abcdefgh\u0000', uuidSession: 'abcdefghij' }, { headers: en }) })],
    ['pay return address', () => ({ method: 'POST', url: '/p/order/pay', ...json({ orderNumbers: '1234567890123456789', payType: 9, returnUrl: '/x\u0000' }, { headers: { ...en, authorization: user.token } }) })],
  ];

  it.each(cases)('%s: 400 with the invalid-input message', async (_name, request) => {
    const res = await t.app.inject(request());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toBe('The request is invalid');
  });

  it('keeps line breaks and tabs, which a person can type', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/shop/searchShops?shopName=a%09b', headers: en });
    expect(res.statusCode, res.body).toBe(200);
  });
});
