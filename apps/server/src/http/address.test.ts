import { beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_LIMIT, AddressSchema, AreaSchema, type Address } from '@bazaar/shared/schemas/address';
import { countQueries } from '../db/query-count.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { json, registerUser, type RegisteredUser } from '../test/account-test-kit.ts';

let t: TestApp;
const en = { 'accept-language': 'en' };

// Real divisions (GB/T 2260): 浙江省 > 杭州市 > 西湖区; 广东省 > 东莞市 (a city without districts).
const XIHU = { provinceId: 330000, cityId: 330100, areaId: 330106 };
const DONGGUAN = { provinceId: 440000, cityId: 441900, areaId: 0 };

function input(overrides: Record<string, unknown> = {}) {
  return { receiver: '张三', mobile: '13912345678', ...XIHU, addr: '文三路 90 号 1 幢 302 室', commonAddr: false, ...overrides };
}

function as(user: RegisteredUser, headers: Record<string, string> = {}) {
  return { authorization: user.token, ...headers };
}

async function add(user: RegisteredUser, body: Record<string, unknown> = input()) {
  const res = await t.app.inject({ method: 'POST', url: '/p/address/addAddr', ...json(body, { headers: as(user) }) });
  expect(res.statusCode, res.body).toBe(200);
  return AddressSchema.parse(res.json());
}

async function list(user: RegisteredUser): Promise<Address[]> {
  const res = await t.app.inject({ method: 'GET', url: '/p/address/list', headers: as(user) });
  expect(res.statusCode, res.body).toBe(200);
  return AddressSchema.array().parse(res.json());
}

beforeAll(async () => {
  t = await ensureSeeded();
});

describe('GET /p/area/listByPid', () => {
  it('lists provinces, then the cities of one, then its districts', async () => {
    const user = await registerUser(t);
    const provinces = AreaSchema.array().parse((await t.app.inject({ method: 'GET', url: '/p/area/listByPid?pid=0', headers: as(user) })).json());
    expect(provinces.length).toBeGreaterThanOrEqual(34);
    expect(provinces.find((p) => p.areaId === 330000)?.areaName).toBe('浙江省');
    const cities = AreaSchema.array().parse((await t.app.inject({ method: 'GET', url: '/p/area/listByPid?pid=330000', headers: as(user) })).json());
    expect(cities.map((c) => c.areaName)).toContain('杭州市');
    const districts = AreaSchema.array().parse((await t.app.inject({ method: 'GET', url: '/p/area/listByPid?pid=330100', headers: as(user) })).json());
    expect(districts.map((d) => d.areaName)).toContain('西湖区');
    expect(districts.every((d) => d.level === 3 && d.parentId === 330100)).toBe(true);
  });

  it('names the divisions in English (pinyin) on English pages', async () => {
    const user = await registerUser(t);
    const level = async (pid: number) => AreaSchema.array().parse((await t.app.inject({ method: 'GET', url: `/p/area/listByPid?pid=${pid}`, headers: as(user, en) })).json());
    expect((await level(0)).find((p) => p.areaId === 330000)?.areaName).toBe('Zhejiang');
    expect((await level(330000)).find((c) => c.areaId === 330100)?.areaName).toBe('Hangzhou');
    expect((await level(330100)).find((d) => d.areaId === 330106)?.areaName).toBe('Xihu District');
    // The Chinese list is still Chinese (each language has its own cache entry).
    expect(AreaSchema.array().parse((await t.app.inject({ method: 'GET', url: '/p/area/listByPid?pid=0', headers: as(user) })).json()).find((p) => p.areaId === 330000)?.areaName).toBe('浙江省');
  });

  it('shows an address with English region names on English pages and keeps it Chinese in store', async () => {
    const user = await registerUser(t);
    const saved = await t.app.inject({ method: 'POST', url: '/p/address/addAddr', ...json(input(), { headers: as(user, en) }) });
    expect(saved.json()).toMatchObject({ province: 'Zhejiang', city: 'Hangzhou', area: 'Xihu District' });
    await add(user, input({ ...DONGGUAN, receiver: '李四' }));
    const inEnglish = AddressSchema.array().parse((await t.app.inject({ method: 'GET', url: '/p/address/list', headers: as(user, en) })).json());
    expect(inEnglish.map((a) => [a.province, a.city, a.area])).toEqual(
      expect.arrayContaining([
        ['Zhejiang', 'Hangzhou', 'Xihu District'],
        ['Guangdong', 'Dongguan', ''],
      ]),
    );
    expect((await list(user)).map((a) => a.province).sort()).toEqual(['广东省', '浙江省']);
  });

  it('needs a token and refuses a bad pid', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/p/area/listByPid?pid=0' })).statusCode).toBe(401);
    const user = await registerUser(t);
    const bad = await t.app.inject({ method: 'GET', url: '/p/area/listByPid?pid=-1', headers: as(user, en) });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toBe('The id is invalid');
  });
});

describe('adding addresses', () => {
  it('the first address becomes the default and names come from the divisions table', async () => {
    const user = await registerUser(t);
    const first = await add(user, input({ province: '伪造省' }));
    expect(first).toMatchObject({ receiver: '张三', province: '浙江省', city: '杭州市', area: '西湖区', commonAddr: true });
    const second = await add(user, input({ receiver: '李四' }));
    expect(second.commonAddr).toBe(false);
    const third = await add(user, input({ receiver: '王五', commonAddr: true }));
    expect(third.commonAddr).toBe(true);
    const all = await list(user);
    expect(all.map((a) => a.receiver)).toEqual(['王五', '李四', '张三']);
    expect(all.filter((a) => a.commonAddr)).toHaveLength(1);
  });

  it('accepts a city without districts only without a district', async () => {
    const user = await registerUser(t);
    const a = await add(user, input(DONGGUAN));
    expect(a).toMatchObject({ province: '广东省', city: '东莞市', areaId: 0, area: '' });
    const res = await t.app.inject({ method: 'POST', url: '/p/address/addAddr', ...json(input({ ...XIHU, areaId: 0 }), { headers: as(user, en) }) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('Please select the full region');
  });

  it.each([
    ['receiver missing', { receiver: '   ' }, 'Please enter the recipient'],
    ['receiver too long', { receiver: '张'.repeat(21) }, 'The recipient cannot exceed 20 characters'],
    ['phone missing', { mobile: '' }, 'Please enter a valid phone number'],
    ['phone malformed', { mobile: '23912345678' }, 'Malformed phone number'],
    ['phone with letters', { mobile: '1391234567a' }, 'Malformed phone number'],
    ['no province', { provinceId: undefined }, 'Please select the full region'],
    ['district of another city', { areaId: 110105 }, 'Please select the full region'],
    ['city of another province', { cityId: 440100 }, 'Please select the full region'],
    ['unknown district', { areaId: 999999 }, 'Please select the full region'],
    ['negative ids', { cityId: -5 }, 'Please select the full region'],
    ['detail missing', { addr: ' ' }, 'Please enter the detailed address'],
    ['detail too long', { addr: 'x'.repeat(101) }, 'The detailed address cannot exceed 100 characters'],
    ['wrong types', { receiver: 42 }, 'Please enter the recipient'],
  ])('refuses %s with a clear message', async (_name, overrides, message) => {
    const user = await registerUser(t);
    const res = await t.app.inject({ method: 'POST', url: '/p/address/addAddr', ...json(input(overrides), { headers: as(user, en) }) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe(message);
    expect(await list(user)).toEqual([]);
  });

  it('answers in Chinese by default', async () => {
    const user = await registerUser(t);
    const res = await t.app.inject({ method: 'POST', url: '/p/address/addAddr', ...json(input({ receiver: '' }), { headers: as(user) }) });
    expect(res.body).toBe('请输入收货人姓名');
  });

  it(`stops at ${ADDRESS_LIMIT} addresses, even when they are added in parallel`, async () => {
    const user = await registerUser(t);
    const results = await Promise.all(
      Array.from({ length: ADDRESS_LIMIT + 5 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/p/address/addAddr', ...json(input({ receiver: `收货人${i}` }), { headers: as(user, en) }) }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(ADDRESS_LIMIT);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r.body).toBe('Address limit reached');
    const all = await list(user);
    expect(all).toHaveLength(ADDRESS_LIMIT);
    expect(all.filter((a) => a.commonAddr)).toHaveLength(1);
  });
});

describe('editing, default and deleting', () => {
  it('updates fields and region, and switches the default', async () => {
    const user = await registerUser(t);
    const a = await add(user);
    const b = await add(user, input({ receiver: '李四' }));
    const res = await t.app.inject({
      method: 'PUT',
      url: '/p/address/updateAddr',
      ...json(input({ addrId: b.addrId, receiver: '李四四', ...DONGGUAN, addr: '松山湖大道 1 号', commonAddr: true }), { headers: as(user) }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(AddressSchema.parse(res.json())).toMatchObject({ receiver: '李四四', city: '东莞市', commonAddr: true });
    const info = AddressSchema.parse((await t.app.inject({ method: 'GET', url: `/p/address/addrInfo/${a.addrId}`, headers: as(user) })).json());
    expect(info.commonAddr).toBe(false);

    expect((await t.app.inject({ method: 'PUT', url: `/p/address/defaultAddr/${a.addrId}`, headers: as(user) })).statusCode).toBe(200);
    const all = await list(user);
    expect(all[0]).toMatchObject({ addrId: a.addrId, commonAddr: true });
    expect(all.filter((x) => x.commonAddr)).toHaveLength(1);
  });

  it('keeps the default when the default is edited with the box unticked', async () => {
    const user = await registerUser(t);
    const a = await add(user);
    const res = await t.app.inject({ method: 'PUT', url: '/p/address/updateAddr', ...json(input({ addrId: a.addrId, commonAddr: false }), { headers: as(user) }) });
    expect(AddressSchema.parse(res.json()).commonAddr).toBe(true);
  });

  it('deleting the default makes the newest remaining address the default', async () => {
    const user = await registerUser(t);
    const a = await add(user);
    const b = await add(user, input({ receiver: '李四' }));
    const c = await add(user, input({ receiver: '王五' }));
    expect((await t.app.inject({ method: 'DELETE', url: `/p/address/deleteAddr/${a.addrId}`, headers: as(user) })).statusCode).toBe(200);
    const all = await list(user);
    expect(all.map((x) => x.addrId)).toEqual([c.addrId, b.addrId]);
    expect(all[0]!.commonAddr).toBe(true);
  });
});

describe('one shopper never reaches another shopper’s addresses', () => {
  it('refuses to read, edit, default or delete them and changes nothing', async () => {
    const owner = await registerUser(t);
    const other = await registerUser(t);
    const mine = await add(owner);
    await add(other);
    const attempts = [
      { method: 'GET' as const, url: `/p/address/addrInfo/${mine.addrId}` },
      { method: 'PUT' as const, url: `/p/address/defaultAddr/${mine.addrId}` },
      { method: 'DELETE' as const, url: `/p/address/deleteAddr/${mine.addrId}` },
    ];
    for (const attempt of attempts) {
      const res = await t.app.inject({ ...attempt, headers: as(other, en) });
      expect(res.statusCode, attempt.url).toBe(400);
      expect(res.body).toBe('The address does not exist');
    }
    const edit = await t.app.inject({ method: 'PUT', url: '/p/address/updateAddr', ...json(input({ addrId: mine.addrId, receiver: '黑客' }), { headers: as(other, en) }) });
    expect(edit.statusCode).toBe(400);
    expect(edit.body).toBe('The address does not exist');
    expect(await list(owner)).toEqual([mine]);
    expect((await list(other)).map((a) => a.addrId)).not.toContain(mine.addrId);
  });

  it('needs a token for every call', async () => {
    for (const [method, url] of [
      ['GET', '/p/address/list'],
      ['GET', '/p/address/addrInfo/1'],
      ['POST', '/p/address/addAddr'],
      ['PUT', '/p/address/updateAddr'],
      ['DELETE', '/p/address/deleteAddr/1'],
      ['PUT', '/p/address/defaultAddr/1'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });
});

describe('queries per request', () => {
  it('lists with one query besides the token check, however many addresses', async () => {
    const user = await registerUser(t);
    for (let i = 0; i < 5; i++) await add(user, input({ receiver: `收货人${i}` }));
    const { result, queries } = await countQueries(() => t.app.inject({ method: 'GET', url: '/p/address/list', headers: as(user) }));
    expect(result.statusCode).toBe(200);
    expect(queries).toHaveLength(2);
  });
});
