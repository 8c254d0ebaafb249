import { existsSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../../test/test-app.ts';
import { json, registerUser } from '../../test/account-test-kit.ts';
import { avatarFilePath } from './upload.ts';

const en = { 'accept-language': 'en' };
const pixels = (background: string) => sharp({ create: { width: 8, height: 6, channels: 3, background } });
const PNG = await pixels('#c00').png().toBuffer();
const JPEG = await pixels('#0c0').jpeg().toBuffer();
const GIF = await pixels('#00c').gif().toBuffer();
/** A PNG signature over bytes that are no PNG. */
const FAKE_PNG = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(64, 1)]);
const HTML = Buffer.from('<html><body><script>fetch("/p/user/userInfo")</script></body></html>');
/** A GIF whose header doubles as the start of a script comment, with the script after the image. */
const GIF_JS_POLYGLOT = Buffer.concat([Buffer.from('GIF89a/*', 'latin1'), GIF.subarray(8), Buffer.from('*/=1;alert(document.cookie);')]);

function multipart(filename: string, bytes: Buffer, field = 'file') {
  const boundary = '----bazaar-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(t: TestApp, token: string, filename: string, bytes: Buffer, lang = 'zh', field = 'file') {
  const body = multipart(filename, bytes, field);
  return t.app.inject({ method: 'POST', url: '/p/file/upload/img', payload: body.payload, headers: { ...body.headers, authorization: token, 'accept-language': lang } });
}

describe('GET /p/user/userInfo and PUT /p/user/setUserInfo', () => {
  it('answers the profile with a masked phone; each token sees only its own user', async () => {
    const t = await getTestApp();
    const a = await registerUser(t, { nickName: 'Alice' });
    const b = await registerUser(t, { nickName: 'Bob' });
    const infoA = (await t.app.inject({ method: 'GET', url: '/p/user/userInfo', headers: { authorization: a.token } })).json();
    expect(infoA).toMatchObject({ userName: a.userName, nickName: 'Alice', pic: null, sex: null, birthDate: null, mobile: `${a.mobile.slice(0, 3)}****${a.mobile.slice(7)}` });
    const infoB = (await t.app.inject({ method: 'GET', url: '/p/user/userInfo', headers: { authorization: b.token } })).json();
    expect(infoB.nickName).toBe('Bob');
    expect(infoB.userId).not.toBe(infoA.userId);
    // B's change never touches A.
    await t.app.inject({ method: 'PUT', url: '/p/user/setUserInfo', ...json({ nickName: 'Bobby' }, { headers: { authorization: b.token } }) });
    const againA = (await t.app.inject({ method: 'GET', url: '/p/user/userInfo', headers: { authorization: a.token } })).json();
    expect(againA.nickName).toBe('Alice');
  });

  it('updates nickname, sex, birthday and an uploaded avatar; absent fields stay as they were', async () => {
    const t = await getTestApp();
    const u = await registerUser(t);
    const url = (await upload(t, u.token, 'me.PNG', PNG)).json().url as string;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/p/user/setUserInfo',
      ...json({ nickName: ' 新昵称 ', avatarUrl: url, sex: 'F', birthDate: '1990-02-28' }, { headers: { authorization: u.token } }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ nickName: '新昵称', pic: url, sex: 'F', birthDate: '1990-02-28' });
    const partial = await t.app.inject({ method: 'PUT', url: '/p/user/setUserInfo', ...json({ nickName: 'Only' }, { headers: { authorization: u.token } }) });
    expect(partial.json()).toMatchObject({ nickName: 'Only', pic: url, sex: 'F', birthDate: '1990-02-28' });
  });

  it("refuses someone else's avatar, foreign paths and invalid dates", async () => {
    const t = await getTestApp();
    const a = await registerUser(t);
    const b = await registerUser(t);
    const urlOfB = (await upload(t, b.token, 'b.png', PNG)).json().url as string;
    const idOfA = (await t.app.inject({ method: 'GET', url: '/p/user/userInfo', headers: { authorization: a.token } })).json().userId as string;
    const cases: [Record<string, unknown>, string][] = [
      [{ nickName: 'x', avatarUrl: urlOfB }, 'The avatar address is invalid, please upload it again'],
      [{ nickName: 'x', avatarUrl: 'https://evil.example/a.png' }, 'The avatar address is invalid, please upload it again'],
      [{ nickName: 'x', avatarUrl: `/uploads/avatars/${idOfA}-0123456789abcdef.png` }, 'The avatar address is invalid, please upload it again'],
      [{ nickName: 'x', avatarUrl: `/uploads/avatars/../../${idOfA}-0123456789abcdef.png` }, 'The avatar address is invalid, please upload it again'],
      [{ nickName: 'x', avatarUrl: 5 }, 'The avatar address is invalid, please upload it again'],
      [{ nickName: 'x', birthDate: '1990-02-30' }, 'Please enter a valid birth date'],
      [{ nickName: 'x', birthDate: '2990-01-01' }, 'Please enter a valid birth date'],
      [{ nickName: 'x', birthDate: '1990/01/01' }, 'Please enter a valid birth date'],
      [{ nickName: 'x', sex: 'X' }, 'Please choose a valid gender'],
      [{ nickName: '' }, 'The nickname cannot be empty'],
      [{}, 'The nickname cannot be empty'],
      [{ nickName: 'a'.repeat(16) }, 'The nickname cannot exceed 15 characters'],
    ];
    for (const [body, text] of cases) {
      const res = await t.app.inject({ method: 'PUT', url: '/p/user/setUserInfo', ...json(body, { headers: { authorization: a.token, ...en } }) });
      expect([res.statusCode, res.body], JSON.stringify(body)).toEqual([400, text]);
    }
    expect((await t.app.inject({ method: 'PUT', url: '/p/user/setUserInfo', ...json({ nickName: 'x' }) })).statusCode).toBe(401);
  });
});

describe('POST /p/file/upload/img', () => {
  it.each([
    ['a.png', PNG],
    ['a.jpg', JPEG],
    ['a.JPEG', JPEG],
    ['a.gif', GIF],
  ])('stores %s under the data dir and answers its path', async (filename, bytes) => {
    const t = await getTestApp();
    const u = await registerUser(t);
    const res = await upload(t, u.token, filename, bytes);
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().url as string;
    const ext = filename.split('.').pop()!.toLowerCase();
    expect(url).toMatch(new RegExp(`^/uploads/avatars/[0-9a-f]{32}-[0-9a-f]{16}\\.${ext}$`));
    const file = avatarFilePath(t.ctx.env.dataDir, url.slice('/uploads/avatars/'.length));
    expect(existsSync(file)).toBe(true);
    expect(await sharp(readFileSync(file)).metadata()).toMatchObject({ format: ext === 'jpg' ? 'jpeg' : ext, width: 8, height: 6 });
  });

  it.each([
    ['a PNG with HTML appended', 'a.png', Buffer.concat([PNG, HTML]), '<script'],
    ['a JPEG with HTML appended', 'a.jpg', Buffer.concat([JPEG, HTML]), '<script'],
    ['a GIF/JS polyglot', 'a.gif', GIF_JS_POLYGLOT, 'alert('],
  ])('stores only the pixels of %s, served as nosniff', async (_name, filename, bytes, payload) => {
    const t = await getTestApp();
    const u = await registerUser(t);
    const res = await upload(t, u.token, filename, bytes);
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().url as string;
    const stored = readFileSync(avatarFilePath(t.ctx.env.dataDir, url.slice('/uploads/avatars/'.length)));
    expect(stored.includes(payload)).toBe(false);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.includes(payload)).toBe(false);
  });

  it('scales a large picture down to 1024 px', async () => {
    const t = await getTestApp();
    const u = await registerUser(t);
    const big = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#888' } }).jpeg().toBuffer();
    const res = await upload(t, u.token, 'big.jpg', big);
    expect(res.statusCode, res.body).toBe(200);
    const stored = readFileSync(avatarFilePath(t.ctx.env.dataDir, (res.json().url as string).slice('/uploads/avatars/'.length)));
    expect(await sharp(stored).metadata()).toMatchObject({ width: 1024, height: 512 });
  });

  it.each([
    ['a.bmp', PNG, 'format'],
    ['a.png', JPEG, 'format'],
    ['a.png', FAKE_PNG, 'format'],
    ['a.png', PNG.subarray(0, PNG.length - 20), 'format'],
    ['a.jpg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'format'],
    ['noextension', PNG, 'format'],
    ['a.png.exe', PNG, 'format'],
    ['big.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'size'],
    ['huge.png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), 'size'],
  ])('refuses %s', async (filename, bytes, kind) => {
    const t = await getTestApp();
    const u = await registerUser(t);
    const zh = await upload(t, u.token, filename, bytes);
    const enRes = await upload(t, u.token, filename, bytes, 'en');
    expect(zh.statusCode).toBe(400);
    expect(enRes.statusCode).toBe(400);
    if (kind === 'format') {
      expect(zh.body).toBe('上传图片格式不正确，请重新上传！');
      expect(enRes.body).toBe('Upload the image in the incorrect format, please re-upload!');
    } else {
      expect(zh.body).toBe('上传图片大小不能超过 2MB!');
      expect(enRes.body).toBe('The size of the uploaded image cannot exceed 2MB!');
    }
  });

  it('accepts exactly 2 MB', async () => {
    const t = await getTestApp();
    const u = await registerUser(t);
    const res = await upload(t, u.token, 'edge.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length)]));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('needs a token, a multipart body and a `file` part', async () => {
    const t = await getTestApp();
    const u = await registerUser(t);
    const body = multipart('a.png', PNG);
    expect((await t.app.inject({ method: 'POST', url: '/p/file/upload/img', payload: body.payload, headers: body.headers })).statusCode).toBe(401);
    const wrongField = await upload(t, u.token, 'a.png', PNG, 'en', 'image');
    expect([wrongField.statusCode, wrongField.body]).toEqual([400, 'Please choose an image to upload']);
    const notMultipart = await t.app.inject({ method: 'POST', url: '/p/file/upload/img', ...json({ file: 'x' }, { headers: { authorization: u.token, ...en } }) });
    expect([notMultipart.statusCode, notMultipart.body]).toEqual([400, 'Please choose an image to upload']);
  });
});
