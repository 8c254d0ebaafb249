import { beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@bazaar/shared/constants/limits';
import { PROVINCE_SEATS } from '@bazaar/shared/constants/region-centres';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { cipherOf, json, latestCode, registerUser, releaseSmsLock, uniqueIp } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { merchantLogin, openShopIds } from '../test/merchant-test-kit.ts';
import { apply, applicationBody, JPEG, openShopFor, PNG, review, uploadImage } from '../test/shop-application-test-kit.ts';

let t: TestApp;
const en = { 'accept-language': 'en' };
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: { ...(token ? { authorization: token } : {}), ...en } });
const post = (url: string, token: string, body: unknown) => t.app.inject({ method: 'POST', url, ...json(body, { headers: { authorization: token, ...en } }) });

beforeAll(async () => {
  t = await ensureSeeded();
});

describe('uploads', () => {
  it('stores a public image at a served path and a private one behind a signed, expiring link', async () => {
    const u = await registerUser(t);
    const pub = await uploadImage(t, u.token, 'public', 'logo.jpg', JPEG);
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json()).toEqual({ path: expect.stringMatching(/^\/uploads\/images\/[0-9a-f-]{36}\.jpg$/), url: pub.json().path });
    expect((await get(pub.json().url)).statusCode).toBe(200);

    const priv = await uploadImage(t, u.token, 'private');
    expect(priv.statusCode, priv.body).toBe(200);
    const { path, url } = priv.json() as { path: string; url: string };
    expect(path).toMatch(/^private\/[0-9a-f-]{36}\.png$/);
    expect(url).toMatch(/^\/uploads\/private\/[0-9a-f-]{36}\.png\?exp=\d+&sig=[\w-]+$/);
    const served = await get(url);
    expect([served.statusCode, served.headers['content-type'], served.headers['cache-control']]).toEqual([200, 'image/png', 'private, max-age=3600']);
    // Nothing is served without the signature, with a forged one, or once the link expired.
    expect((await get(url.replace(/\?.*$/, ''))).statusCode).toBe(400);
    expect((await get(url.replace(/sig=[\w-]{4}/, 'sig=AAAA'))).statusCode).toBe(404);
    expect((await get(url.replace(/exp=(\d+)/, (_m, exp: string) => `exp=${Number(exp) + 3600}`))).statusCode).toBe(404);
    expect([400, 404]).toContain((await get(`/uploads/${path}`)).statusCode);
    t.advanceClock(3 * 3600_000);
    try {
      expect((await get(url)).statusCode).toBe(404);
    } finally {
      t.resetClock();
    }
  });

  it('refuses a wrong format, a disguised file, an oversized file and a missing part with the spec texts', async () => {
    const u = await registerUser(t);
    const cases: Array<[string, Buffer, string]> = [
      ['a.bmp', PNG, 'Upload the image in the incorrect format, please re-upload!'],
      ['a.jpg', PNG, 'Upload the image in the incorrect format, please re-upload!'],
      ['a.png', Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(64, 1)]), 'Upload the image in the incorrect format, please re-upload!'],
      ['a.png', Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES, 0)]), 'The size of the uploaded image cannot exceed 2MB!'],
    ];
    for (const visibility of ['public', 'private'] as const) {
      for (const [filename, bytes, text] of cases) {
        const res = await uploadImage(t, u.token, visibility, filename, bytes);
        expect([visibility, filename, res.statusCode, res.body]).toEqual([visibility, filename, 400, text]);
      }
      const none = await t.app.inject({ method: 'POST', url: `/p/file/upload/${visibility}`, ...json({}, { headers: { authorization: u.token, ...en } }) });
      expect([none.statusCode, none.body]).toEqual([400, 'Please choose an image to upload']);
    }
    expect((await uploadImage(t, u.token, 'private', 'a.txt', PNG, 'zh')).body).toBe('上传图片格式不正确，请重新上传！');
  });
});

describe('POST /p/shop/apply validation', () => {
  it('answers each rule of section 5 with its message', async () => {
    const u = await registerUser(t);
    const body = await applicationBody(t, u.token);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ shopName: '' }, 'Please enter the store name'],
      [{ shopName: '   ' }, 'Please enter the store name'],
      [{ shopName: '店'.repeat(21) }, 'The store name cannot exceed 20 characters'],
      [{ shopName: 'Tea*House' }, 'The store name cannot contain special characters'],
      [{ shopName: '茶舍!' }, 'The store name cannot contain special characters'],
      [{ tel: '' }, 'Please enter the contact number'],
      [{ tel: '12345' }, 'Malformed phone number'],
      [{ tel: '2391234567' }, 'Malformed phone number'],
      [{ provinceId: undefined }, 'Please select the full region'],
      [{ areaId: 110101 }, 'Please select the full region'],
      [{ cityId: 110100 }, 'Please select the full region'],
      [{ shopAddress: '' }, 'Please enter the detailed address'],
      [{ shopAddress: 'abcd' }, 'The detailed address must be at least 5 characters'],
      [{ shopAddress: 'a'.repeat(101) }, 'The detailed address cannot exceed 100 characters'],
      [{ intro: 'too short' }, 'The store description must be 10-200 characters'],
      [{ intro: 'x'.repeat(201) }, 'The store description must be 10-200 characters'],
      [{ intro: undefined }, 'The store description must be 10-200 characters'],
      [{ shopLat: 91 }, 'The store location is invalid'],
      [{ shopLng: undefined }, 'The store location is invalid'],
      [{ shopLogo: '' }, 'Please upload the store logo'],
      [{ shopLogo: undefined }, 'Please upload the store logo'],
      [{ businessLicense: '' }, 'Please upload the business license'],
      [{ identityCardFront: undefined }, 'Please upload the front of the ID card'],
      [{ identityCardLater: '' }, 'Please upload the back of the ID card'],
      [{ businessLicense: 'private/../../etc/passwd' }, 'Please upload the business license'],
      // The logo must be a public upload, the documents private ones.
      [{ shopLogo: body.businessLicense }, 'Please upload the store logo'],
      [{ businessLicense: body.shopLogo }, 'Please upload the business license'],
    ];
    for (const [change, text] of cases) {
      const res = await apply(t, u.token, { ...body, ...change });
      expect([JSON.stringify(change), res.statusCode, res.body]).toEqual([JSON.stringify(change), 400, text]);
    }
    // Another shopper's uploads cannot be cited.
    const other = await registerUser(t);
    const theirs = await applicationBody(t, other.token);
    for (const field of ['shopLogo', 'businessLicense', 'identityCardFront', 'identityCardLater'] as const) {
      const res = await apply(t, u.token, { ...body, [field]: theirs[field] });
      expect([field, res.statusCode, res.body]).toEqual([field, 400, 'The image is no longer valid, please upload it again']);
    }
    const zh = await apply(t, u.token, { ...body, shopName: '' }, 'zh');
    expect(zh.body).toBe('请输入店铺名称');
    expect((await get('/p/shop', u.token)).json()).toBeNull();
  });
});

describe('the store application from submission to the store account', () => {
  it('submits once, is rejected with a reason, resubmitted, approved, and logged for staff', async () => {
    const u = await registerUser(t);
    expect((await get('/p/shop/shopAudit', u.token)).json()).toEqual({ status: null, remarks: null, shopStatus: -1, shopId: null });

    const body = await applicationBody(t, u.token);
    const first = await apply(t, u.token, body);
    expect(first.statusCode, first.body).toBe(200);
    const shopId = first.json().shopId as number;
    expect(first.json()).toMatchObject({ status: 0, remarks: null, shopName: body.shopName, province: '浙江省', city: '杭州市', area: '上城区', shopLat: 30.25 });
    expect((await get('/p/user/centerInfo', u.token)).json()).toMatchObject({ shopStatus: 0, shopAuditStatus: 0, shopId });
    // One application per shopper.
    const again = await apply(t, u.token, body);
    expect([again.statusCode, again.body]).toEqual([400, 'Store review in progress, please wait patiently']);

    // Staff see it in the queue with links that show the private documents.
    const staff = await adminToken(t);
    const queue = await get('/admin/shop/applications?status=0&size=100', staff);
    expect(queue.statusCode, queue.body).toBe(200);
    const listed = (queue.json().records as Array<Record<string, string | number>>).find((r) => r.shopId === shopId);
    expect(listed).toMatchObject({ userId: expect.any(String), businessLicense: body.businessLicense });
    for (const key of ['businessLicenseUrl', 'identityCardFrontUrl', 'identityCardLaterUrl']) expect((await get(String(listed?.[key]))).statusCode).toBe(200);
    expect((await get(`/admin/shop/applications/${shopId}`, staff)).json()).toMatchObject({ shopId, status: 0 });

    // Reject needs a reason.
    for (const [remarks, text] of [
      [undefined, 'Please give the reason for the rejection'],
      ['  ', 'Please give the reason for the rejection'],
      ['x'.repeat(201), 'The reason cannot exceed 200 characters'],
    ] as const) {
      const res = await review(t, staff, shopId, 'reject', remarks);
      expect([res.statusCode, res.body]).toEqual([400, text]);
    }
    const rejected = await review(t, staff, shopId, 'reject', 'The licence photo is blurred');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: -1, remarks: 'The licence photo is blurred' });
    expect((await review(t, staff, shopId, 'approve')).body).toBe('This application is no longer under review');
    expect((await get('/p/shop/shopAudit', u.token)).json()).toEqual({ status: -1, remarks: 'The licence photo is blurred', shopStatus: -1, shopId });
    expect((await get('/p/user/centerInfo', u.token)).json()).toMatchObject({ shopStatus: -1, shopAuditStatus: -1, shopId });
    expect((await get('/p/shop', u.token)).json()).toMatchObject({ status: -1, remarks: 'The licence photo is blurred' });

    // The shopper edits and resubmits: a new licence, the rest as it was (documents kept by path).
    const licence = (await uploadImage(t, u.token, 'private')).json().path as string;
    const renamed = `${body.shopName}X`;
    const resubmitted = await apply(t, u.token, { ...body, shopName: renamed, businessLicense: licence, shopLat: undefined, shopLng: undefined });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    const [lat, lng] = PROVINCE_SEATS[330000]!;
    expect(resubmitted.json()).toMatchObject({ status: 0, remarks: null, shopName: renamed, businessLicense: licence, identityCardFront: body.identityCardFront, shopLat: lat, shopLng: lng });

    const approved = await review(t, staff, shopId, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 1 });
    expect((await get('/p/user/centerInfo', u.token)).json()).toMatchObject({ shopStatus: 1, shopAuditStatus: 1, shopId });
    expect((await get(`/shop/headInfo?shopId=${shopId}`)).json()).toMatchObject({ shopId, shopName: renamed });
    expect((await apply(t, u.token, body)).body).toBe('You have already applied; each user may apply once');

    // Every decision is in the audit log: who, what, when, before and after.
    const log = await get('/admin/audit-logs?size=100', staff);
    expect(log.statusCode, log.body).toBe(200);
    const entries = (log.json().records as Array<Record<string, unknown>>).filter((r) => r.targetType === 'shop' && r.targetId === String(shopId));
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['shop.approve', { status: 0, remarks: null }, { status: 1, remarks: null }],
      ['shop.reject', { status: 0, remarks: null }, { status: -1, remarks: 'The licence photo is blurred' }],
    ]);
    expect(entries[0]).toMatchObject({ adminName: expect.any(String), targetType: 'shop', createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    const onlyRejects = (await get('/admin/audit-logs?action=shop.reject&size=100', staff)).json().records as Array<{ action: string }>;
    expect(onlyRejects.every((r) => r.action === 'shop.reject')).toBe(true);
  });

  it('keeps one application when a shopper submits twice at once', async () => {
    const u = await registerUser(t);
    const body = await applicationBody(t, u.token);
    const results = await Promise.all([apply(t, u.token, body), apply(t, u.token, body), apply(t, u.token, body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400))
      expect(['You have already applied; each user may apply once', 'Store review in progress, please wait patiently']).toContain(r.body);
  });

  it('lets each audience call only its own side (shopper: apply and account; staff: review and log)', async () => {
    const shopper = (await registerUser(t)).token;
    const staff = await adminToken(t);
    const [shopId] = await openShopIds(t);
    const merchant = await merchantLogin(t, shopId!);
    const shopperCalls = [['GET', '/p/shop'], ['GET', '/p/shop/shopAudit'], ['POST', '/p/shop/apply'], ['GET', '/p/shop/shopAccount'], ['POST', '/p/shop/sendCode'], ['POST', '/p/shop/saveUsernameAndPassword'], ['POST', '/p/shop/updatePassword'], ['POST', '/p/file/upload/public'], ['POST', '/p/file/upload/private']] as const;
    const staffCalls = [['GET', '/admin/shop/applications'], ['GET', '/admin/shop/applications/1'], ['POST', '/admin/shop/applications/1/approve'], ['POST', '/admin/shop/applications/1/reject'], ['GET', '/admin/audit-logs']] as const;
    for (const [calls, foreign, refusal] of [
      [shopperCalls, [staff, merchant, undefined], 'Please log in first'],
      [staffCalls, [shopper, merchant, undefined], 'Please log in with a platform staff account'],
    ] as const) {
      for (const [method, url] of calls)
        for (const token of foreign) {
          // Its own address: the code send is rate-limited per address, which the suite's default address may have used up.
          const res = await t.app.inject({ method, url, headers: { ...(token ? { authorization: token } : {}), ...en }, remoteAddress: uniqueIp() });
          expect([method, url, res.statusCode, res.body]).toEqual([method, url, 401, refusal]);
        }
    }
  });

  it('answers the staff calls with their messages', async () => {
    const staff = await adminToken(t);
    expect((await get('/admin/shop/applications?status=5', staff)).body).toBe('The store status is invalid');
    expect((await get('/admin/shop/applications?size=101', staff)).body).toBe('A page cannot hold more than 100 items');
    expect((await get('/admin/shop/applications/999999', staff)).body).toBe('The application does not exist');
    expect((await review(t, staff, 999999, 'approve')).body).toBe('The application does not exist');
    expect((await get('/admin/audit-logs?action=nope', staff)).body).toBe('Unknown action');
    // The seed's application under review is in the default queue.
    const queue = (await get('/admin/shop/applications', staff)).json();
    expect(queue.total).toBeGreaterThanOrEqual(1);
  });

  it('sets the store account once with an SMS code; it becomes the merchant login; the password changes later', async () => {
    const u = await registerUser(t);
    const sendCode = (mobile: string) => post('/p/shop/sendCode', u.token, { mobile });
    expect((await sendCode(u.mobile)).body).toBe('The store account can be set once your store is open');
    expect((await get('/p/shop/shopAccount', u.token)).json()).toEqual({ shopId: null, shopStatus: -1, username: null });

    const shopId = await openShopFor(t, u.token);
    expect((await get('/p/shop/shopAccount', u.token)).json()).toEqual({ shopId, shopStatus: 1, username: null });
    expect((await sendCode('1234')).body).toBe('Malformed phone number');
    await releaseSmsLock(t, u.mobile); // the registration's code was sent a moment ago
    expect((await sendCode(u.mobile)).statusCode).toBe(200);
    const code = await latestCode(t, u.mobile);
    const save = (body: Record<string, unknown>) => post('/p/shop/saveUsernameAndPassword', u.token, body);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ username: u.mobile, code, password: cipherOf(t, '12345') }, 'The store password must be 6-12 half-width characters'],
      [{ username: u.mobile, code, password: cipherOf(t, '1234567890abc') }, 'The store password must be 6-12 half-width characters'],
      [{ username: u.mobile, code, password: cipherOf(t, 'shop pass') }, 'The store password must be 6-12 half-width characters'],
      [{ username: u.mobile, code, password: '' }, 'Please enter the password'],
      [{ username: u.mobile, code: '', password: cipherOf(t, 'shop1234') }, 'Please enter the verification code'],
      [{ username: '', code, password: cipherOf(t, 'shop1234') }, 'Please enter a valid phone number'],
      [{ username: u.mobile, code, password: 'plain-text' }, 'The login request is invalid, please refresh the page and try again'],
      [{ username: u.mobile, code: code === '000000' ? '111111' : '000000', password: cipherOf(t, 'shop1234') }, 'The verification code is wrong or has expired'],
    ];
    for (const [body, text] of cases) {
      const res = await save(body);
      expect([JSON.stringify(body), res.statusCode, res.body]).toEqual([JSON.stringify(body), 400, text]);
    }
    const saved = await save({ username: u.mobile, code, password: cipherOf(t, 'shop1234') });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ shopId, shopStatus: 1, username: u.mobile });
    expect((await save({ username: u.mobile, code, password: cipherOf(t, 'shop1234') })).body).toBe('The store account is already set; only the password can be changed');
    expect((await sendCode(u.mobile)).body).toBe('The store account is already set; only the password can be changed');

    // The merchant login accepts the account.
    const login = (password: string) => t.app.inject({ method: 'POST', url: '/merchant/login', ...json({ username: u.mobile, password: cipherOf(t, password) }, { headers: en }) });
    const session = await login('shop1234');
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json()).toMatchObject({ shopId, shopName: expect.any(String) });
    const merchantToken = session.json().accessToken as string;

    // Another shop cannot take the same mobile.
    const other = await registerUser(t);
    await openShopFor(t, other.token);
    expect((await post('/p/shop/sendCode', other.token, { mobile: u.mobile })).body).toBe('This mobile number is already another store’s account');

    // Changing the password: the current one is checked, the new one follows the rule and differs.
    const change = (password: string, newPassword: string) =>
      post('/p/shop/updatePassword', u.token, { password: cipherOf(t, password), newPassword: cipherOf(t, newPassword) });
    expect((await change('wrong-pass', 'shop5678')).body).toBe('The current password is wrong');
    expect((await change('shop1234', 'shop1234')).body).toBe('The new password must differ from the current one');
    expect((await change('shop1234', 'short')).body).toBe('The store password must be 6-12 half-width characters');
    const changed = await change('shop1234', 'shop5678');
    expect(changed.statusCode, changed.body).toBe(200);
    // The old sessions end; the old password no longer works, the new one does.
    expect((await t.app.inject({ method: 'GET', url: '/merchant/order/page', headers: { authorization: merchantToken } })).statusCode).toBe(401);
    expect((await login('shop1234')).statusCode).toBe(400);
    expect((await login('shop5678')).statusCode).toBe(200);
    expect((await post('/p/shop/updatePassword', other.token, { password: cipherOf(t, 'x'), newPassword: cipherOf(t, 'shop5678') })).body).toBe(
      'Please set the store account first',
    );
  });
});
