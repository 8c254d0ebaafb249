// The group panel of /detail as the server renders it (QA2 item 6): a member of the shared team (the
// leader opening their own link) is told they are in it, is not offered to join it, and does not
// see it among the open teams; another shopper is invited to join.
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { escapeHtml as escape, renderHtml as render, t } from '../../test/server-render.ts';
import type { ProductDetail } from '@bazaar/shared/schemas/product';
import type { GroupActivityVO, GroupJoinList, GroupTeamInfo } from '@bazaar/shared/schemas/group';
import GroupDetail from './group-detail.tsx';

const NOW = 1_000_000_000;
const product = { prodId: 42, prodName: '青花盖碗', brief: '', mold: 0 } as unknown as ProductDetail;
const group: GroupActivityVO = {
  groupActivityId: 7,
  prodId: 42,
  activityName: '二人团',
  state: 2,
  startTime: '2026-12-01 00:00:00',
  endTime: '2026-12-31 00:00:00',
  startAt: NOW - 3_600_000,
  endAt: NOW + 86_400_000,
  serverTime: NOW,
  groupNumber: 2,
  groupValidTime: 60,
  hasMaxNum: false,
  maxNum: null,
  hasRobot: false,
  groupPrice: 7_600,
  price: 10_900,
  teamsFormed: 0,
  soldNum: 0,
  skuList: [{ groupSkuId: 1, skuId: 19, properties: '', skuName: '', pic: '', price: 10_900, actPrice: 7_600, leaderPrice: null, stocks: 10 }],
};
const teams: GroupJoinList = {
  serverTime: NOW,
  teams: [{ groupTeamId: 4, leaderPic: '', leaderNickName: 'QA2甲', joinNum: 1, groupNumber: 2, missing: 1, endTime: '2026-12-08 10:00:00', endAt: NOW + 3_600_000 }],
};
const shared = (inTeam: boolean): GroupTeamInfo => ({
  groupTeamId: 4,
  status: 1,
  groupNumber: 2,
  joinNum: 1,
  missing: 1,
  startTime: '2026-12-08 09:00:00',
  endTime: '2026-12-08 10:00:00',
  endAt: NOW + 3_600_000,
  serverTime: NOW,
  joinable: !inTeam,
  inTeam,
  members: [{ pic: '', nickName: 'QA2甲', leader: true, robot: false }],
  product: { prodId: 42, prodName: '青花盖碗', pic: '', shopId: 3, shopName: '店', groupPrice: 7_600, price: 10_900 },
  activity: { groupActivityId: 7, activityName: '二人团', state: 2, groupNumber: 2, hasRobot: false, endTime: '2026-12-31 00:00:00' },
  order: null,
});
const page = (inTeam: boolean) => render('zh', createElement(GroupDetail, { product, group, teams, sharedTeam: shared(inTeam), isLoggedIn: true }));

describe('the group panel with a share link', () => {
  it('tells a member of the team they are in it, and offers neither it nor its row to join', () => {
    const html = page(true);
    expect(html).toContain(escape(t('zh', 'groupBuy.team.inTeamTitle')));
    expect(html).toContain(escape(t('zh', 'groupBuy.team.inTeam')));
    expect(html).not.toContain(escape(t('zh', 'groupBuy.team.sharedTitle')));
    expect(html).not.toContain('data-testid="group-chosen-team"');
    expect(html).not.toContain('data-testid="group-team"');
    expect(html).toContain(escape(t('zh', 'groupBuy.detail.openTeam')));
  });

  it('invites another shopper to join it', () => {
    const html = page(false);
    expect(html).toContain(escape(t('zh', 'groupBuy.team.sharedTitle')));
    expect(html).toContain('data-testid="group-chosen-team"');
    expect(html).toContain('data-testid="group-team"');
    expect(html).toContain(escape(t('zh', 'groupBuy.detail.joinTeam')));
  });
});
