// The group-buy parts as the server renders them, in both languages: a /group-buy card with both prices,
// the team size and its link; a team panel with its members, open places, state and (while open) the
// share link with its QR code; a failed team saying its payments went back.
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { escapeHtml as escape, renderHtml as render, t } from '../../test/server-render.ts';
import type { GroupActivityCard, GroupTeamInfo } from '@bazaar/shared/schemas/group';
import { GroupActivityCardView } from './group-card.tsx';
import { TeamPanel } from './team-panel.tsx';

const card: GroupActivityCard = {
  groupActivityId: 7,
  prodId: 42,
  shopId: 3,
  shopName: '瓷韵茶社',
  activityName: '三人团',
  prodName: '青花盖碗',
  pic: '/uploads/a.jpg',
  groupPrice: 5_900,
  price: 8_800,
  groupNumber: 3,
  teamsFormed: 12,
  soldNum: 40,
  startTime: '2026-12-01 00:00:00',
  endTime: '2026-12-31 00:00:00',
};

const team = (status: 0 | 1 | 2 | 3, members: GroupTeamInfo['members']): GroupTeamInfo => ({
  groupTeamId: 9,
  status,
  groupNumber: 3,
  joinNum: members.length,
  missing: status === 1 ? 3 - members.length : 0,
  startTime: '2026-12-06 08:00:00',
  endTime: '2026-12-07 08:00:00',
  endAt: 1_000_000 + 3_723_000,
  serverTime: 1_000_000,
  joinable: status === 1,
  members,
  product: { prodId: 42, prodName: '青花盖碗', pic: '', shopId: 3, shopName: '瓷韵茶社', groupPrice: 5_900, price: 8_800 },
  activity: { groupActivityId: 7, activityName: '三人团', state: 2, groupNumber: 3, hasRobot: false, endTime: '2026-12-31 00:00:00' },
  order: null,
});
const leader = { pic: '/uploads/me.jpg', nickName: '小王', leader: true, robot: false };

for (const lang of ['zh', 'en'] as const) {
  describe(`group-buy parts (${lang})`, () => {
    it('shows a card with the group price next to the single price, the team size and the way to the group page', () => {
      const html = render(lang, createElement(GroupActivityCardView, { card }));
      expect(html).toContain('href="/detail/42?groupActivityId=7"');
      expect(html).toContain(escape(t(lang, 'groupBuy.card.people', { count: 3 })));
      expect(html).toContain(escape(t(lang, 'groupBuy.card.teamsFormed', { count: 12 })));
      expect(html).toContain('59.00');
      expect(html).toContain('88.00');
    });

    it('shows an open team with its members, its open places, the time left and the share link with its QR code', () => {
      const share = { url: 'http://shop.example/detail/42?groupActivityId=7&groupTeamId=9', qrSvg: '<svg data-qr="1"></svg>' };
      const html = render(lang, createElement(TeamPanel, { team: team(1, [leader]), now: 1_000_000, title: 'T', share }));
      expect(html).toContain(escape(t(lang, 'groupBuy.team.status.1')));
      expect(html.match(/data-testid="team-seat"/g)).toHaveLength(1);
      expect(html.match(/data-testid="team-empty-seat"/g)).toHaveLength(2);
      expect(html).toContain(escape(t(lang, 'groupBuy.team.placesLeft', { count: 2 })));
      expect(html).toContain(escape(t(lang, 'groupBuy.team.endsIn', { time: '01:02:03' })));
      expect(html).toContain('value="http://shop.example/detail/42?groupActivityId=7&amp;groupTeamId=9"');
      expect(html).toContain('<svg data-qr="1"></svg>');
    });

    it('shows a failed team without places or share link, saying the payments went back; robots by name', () => {
      const robot = { pic: '', nickName: '', leader: false, robot: true };
      const failed = render(lang, createElement(TeamPanel, { team: team(3, [leader]), now: 1_000_000, title: 'T', share: { url: 'x', qrSvg: null } }));
      expect(failed).toContain(escape(t(lang, 'groupBuy.team.failedNote')));
      expect(failed).not.toContain('team-empty-seat');
      expect(failed).not.toContain('team-share');
      const filled = render(lang, createElement(TeamPanel, { team: team(2, [leader, robot, robot]), now: null, title: 'T' }));
      expect(filled.match(new RegExp(escape(t(lang, 'groupBuy.team.robot')), 'g'))).toHaveLength(4);
      expect(filled).toContain(escape(t(lang, 'groupBuy.team.successNote')));
    });
  });
}

describe('the group rule text (QA2 item 11)', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`${lang}: ends each of its two sentences, so they do not run together`, () => {
      for (const key of ['groupBuy.detail.validity', 'groupBuy.detail.robots', 'groupBuy.detail.noRobots']) {
        expect(t(lang, key, { time: '1', count: 3 })).toMatch(lang === 'zh' ? /。$/ : /\.$/);
      }
    });
  }
});
