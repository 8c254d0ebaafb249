import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import type { GroupMember, GroupTeamInfo } from '@bazaar/shared/schemas/group';
import { GROUP_TEAM_STATUS } from '@bazaar/shared/constants/group';
import { Button } from '../../components/ui/button.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { useServerNow } from '../../lib/activity/server-clock.ts';
import { timeLeft } from './group-clock.ts';
import { MemberAvatar } from './member-avatar.tsx';

/** Time left to `endAt` on the server's clock as "hh:mm:ss" (with days when longer); '' until the clock is known. */
export function useTeamTimeLeft(endAt: number | null, now: number | null): { text: string; over: boolean } {
  const { t } = useTranslation();
  if (endAt === null || now === null) return { text: '', over: false };
  const { days, clock, over } = timeLeft(endAt, now);
  return { text: days > 0 ? t('groupBuy.countdown.days', { count: days, time: clock }) : clock, over };
}

function Seat({ member }: { member: GroupMember }) {
  const { t } = useTranslation();
  const name = member.robot ? t('groupBuy.team.robot') : member.nickName;
  return (
    <li className="team-seat" data-testid="team-seat">
      <MemberAvatar src={member.pic} alt={name} size={48} />
      <span className="team-seat__name">{name}</span>
      {member.leader ? <span className="team-seat__role">{t('groupBuy.team.leader')}</span> : null}
    </li>
  );
}

/** The share link with a copy button and its QR code (drawn on the server: no QR code library in the browser). */
function TeamShare({ url, qrSvg }: { url: string; qrSvg: string | null }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      showToast(t('groupBuy.team.copied'), { kind: 'success' });
    } catch {
      showToast(t('groupBuy.team.copyFailed'), { kind: 'warning' });
    }
  }
  return (
    <div className="team-share" data-testid="team-share">
      <div className="team-share__body">
        <h3 className="team-share__title">{t('groupBuy.team.share')}</h3>
        <p className="team-share__hint">{t('groupBuy.team.shareHint')}</p>
        <div className="team-share__link">
          <label className="visually-hidden" htmlFor="team-share-url">
            {t('groupBuy.team.shareLink')}
          </label>
          <input id="team-share-url" className="field__input" readOnly value={url} onFocus={(e) => e.currentTarget.select()} data-testid="team-share-url" />
          <Button variant="secondary" size="sm" onClick={() => void copy()}>
            {copied ? t('groupBuy.team.copied') : t('groupBuy.team.copy')}
          </Button>
        </div>
      </div>
      {qrSvg ? <div className="team-share__qr" role="img" aria-label={t('groupBuy.team.qrLabel')} data-testid="team-share-qr" dangerouslySetInnerHTML={{ __html: qrSvg }} /> : null}
    </div>
  );
}

/**
 * A team as its members and a friend with the share link see it: its state, the members' avatars and
 * the open places, the places left and the countdown on the server's clock (`now`, from useServerNow),
 * what happens next, and (on the order's page, while the team is open) the share link with its QR code.
 */
export function TeamPanel({ team, now, title, share }: { team: GroupTeamInfo; now: number | null; title: string; share?: { url: string; qrSvg: string | null } | null }) {
  const { t } = useTranslation();
  const left = useTeamTimeLeft(team.endAt, now);
  const open = team.status === GROUP_TEAM_STATUS.grouping;
  const emptySeats = open || team.status === GROUP_TEAM_STATUS.waiting ? Math.max(0, team.groupNumber - team.members.length) : 0;
  return (
    <section className="card team-panel" aria-labelledby="team-panel-title" data-testid="team-panel">
      <div className="team-panel__head">
        <h2 id="team-panel-title" className="team-panel__title">
          {title}
        </h2>
        <span className={`team-panel__status team-panel__status--${team.status}`} data-testid="team-status">
          {t(`groupBuy.team.status.${team.status}`)}
        </span>
        {open && team.missing > 0 ? <span data-testid="team-places-left">{t('groupBuy.team.placesLeft', { count: team.missing })}</span> : null}
        {open && team.endAt !== null && left.text ? (
          <span className="team-panel__countdown" data-testid="team-countdown">
            {left.over ? t('groupBuy.team.expired') : t('groupBuy.team.endsIn', { time: left.text })}
          </span>
        ) : null}
      </div>
      {team.order?.movedFromTeamId ? (
        <p className="team-panel__moved" role="status">
          {t('groupBuy.team.movedNote')}
        </p>
      ) : null}
      <ul className="team-panel__seats" aria-label={t('groupBuy.team.membersLabel')}>
        {team.members.map((member, i) => (
          <Seat key={i} member={member} />
        ))}
        {Array.from({ length: emptySeats }, (_, i) => (
          <li key={`empty-${i}`} className="team-seat team-seat--empty" data-testid="team-empty-seat">
            <span className="team-seat__hole" aria-hidden="true">
              ?
            </span>
            <span className="team-seat__name">{t('groupBuy.team.emptySeat')}</span>
          </li>
        ))}
      </ul>
      {team.status === GROUP_TEAM_STATUS.waiting ? (
<p className="team-panel__note">{t('groupBuy.team.waitingNote')}</p>
      ) : null}
      {team.status === GROUP_TEAM_STATUS.success ? <p className="team-panel__note">{t('groupBuy.team.successNote')}</p> : null}
      {team.status === GROUP_TEAM_STATUS.failed ? <p className="team-panel__note">{t('groupBuy.team.failedNote')}</p> : null}
      {share && open && team.joinable ? <TeamShare url={share.url} qrSvg={share.qrSvg} /> : null}
    </section>
  );
}

/** The team of the shopper's group order on /order-detail, counting down on the server's clock, with its share link while it is open. */
export function OrderTeamPanel({ team, share }: { team: GroupTeamInfo; share: { url: string; qrSvg: string | null } | null }) {
  const { t } = useTranslation();
  const now = useServerNow(team.serverTime);
  return <TeamPanel team={team} now={now} title={t('groupBuy.team.title')} share={share} />;
}
