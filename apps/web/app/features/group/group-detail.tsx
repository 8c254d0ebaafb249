import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { provideCatalog, useTranslation } from '../../lib/i18n.tsx';
import { uiGroupbuy as zh } from '@bazaar/shared/i18n/zh/ui-groupbuy';
import { uiGroupbuy as en } from '@bazaar/shared/i18n/en/ui-groupbuy';
import type { ProductDetail } from '@bazaar/shared/schemas/product';
import type { GroupActivityVO, GroupJoinList, GroupOpenTeam, GroupSku, GroupTeamInfo } from '@bazaar/shared/schemas/group';
import { GROUP_ACTIVITY_STATE, GROUP_JOIN_LIST_DEFAULT, GROUP_PROD_COUNT_MAX } from '@bazaar/shared/constants/group';
import { apiData } from '../../lib/api.ts';
import { emitApiEvent } from '../../lib/api-events.ts';
import { Button } from '../../components/ui/button.tsx';
import { Price } from '../../components/ui/price.tsx';
import { activityStateAt, useServerNow, type ClockReading } from '../../lib/activity/server-clock.ts';
import { CountStepper } from './count-stepper.tsx';
import { durationText, groupCheckoutHref, groupShareUrl } from './group-links.ts';
import { MemberAvatar } from './member-avatar.tsx';
import { TeamPanel, useTeamTimeLeft } from './team-panel.tsx';
import './group.css';

// /detail is a landing page with the core texts only (lib/texts.ts): this chunk brings the group
// texts before its first render, so the browser draws what the server drew.
provideCatalog('zh', zh);
provideCatalog('en', en);

/** How often the open teams are read again while the page stays open. */
const TEAMS_REFRESH_MS = 20_000;

export type GroupDetailProps =
  | { ended: true }
  | {
      ended?: false;
      product: ProductDetail;
      group: GroupActivityVO;
      /** The open teams as the page's data had them (null when they could not be read). */
      teams: GroupJoinList | null;
      /** The team of a share link (?groupTeamId=), with its members. */
      sharedTeam: GroupTeamInfo | null;
      isLoggedIn: boolean;
    };

/**
 * The group part of /detail/{prodId}?groupActivityId= (issue 29), a chunk of its own so the plain
 * product page does not carry it: the group price next to the single price, "buy alone" and
 * "open a team", the open teams to join, and a share link's team preselected with its members.
 * An activity that ended before the page opened (the API's 204) is the app shell's: the toast and
 * the way home, as a flash sale's.
 */
export default function GroupDetail(props: GroupDetailProps) {
  if (props.ended) return <GroupEnded />;
  return <GroupPanel key={`${props.product.prodId}-${props.group.groupActivityId}-${props.sharedTeam?.groupTeamId ?? 0}`} {...props} />;
}

function GroupEnded() {
  const { t } = useTranslation();
  useEffect(() => emitApiEvent({ type: 'activity-ended' }), []);
  return (
    <div className="container page-section">
      <p className="card message-panel" role="alert">
        {t('groupBuy.detail.ended')}
      </p>
    </div>
  );
}

/** The open teams, read again now and then, with the server's clock measured on each read. */
function useOpenTeams(groupActivityId: number, initial: GroupJoinList | null, serverTime: number, running: boolean) {
  const [list, setList] = useState(initial);
  const [resync, setResync] = useState<ClockReading | null>(null);
  const refresh = useCallback(async () => {
    const sentAt = Date.now();
    try {
      const next = await apiData<GroupJoinList>('/group/joinGroupList', { query: { groupActivityId, size: GROUP_JOIN_LIST_DEFAULT }, silent: true });
      setResync({ serverTime: next.serverTime, sentAt, receivedAt: Date.now() });
      setList(next);
    } catch {
      // Kept as it was: a lost connection leaves the list, a 204 (the activity ended) leaves the page.
    }
  }, [groupActivityId]);
  useEffect(() => {
    void refresh();
    if (!running) return;
    const timer = window.setInterval(() => void refresh(), TEAMS_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [refresh, running]);
  const now = useServerNow(initial?.serverTime ?? serverTime, resync);
  return { teams: list?.teams ?? [], now, refresh };
}

/**
 * The share link's team as the signed-in shopper sees it: the page's data is read without the token,
 * so whether they are in this team (the leader opening their own link) is asked again here (QA2 item 6).
 */
function useSharedTeam(initial: GroupTeamInfo | null, isLoggedIn: boolean) {
  const [team, setTeam] = useState(initial);
  useEffect(() => {
    if (!initial || !isLoggedIn) return;
    let live = true;
    apiData<GroupTeamInfo>('/group/teamInfo', { query: { groupTeamId: initial.groupTeamId }, silent: true })
      .then((next) => {
        if (live) setTeam(next);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [initial, isLoggedIn]);
  return team;
}

function TeamRow({ team, now, chosen, onJoin }: { team: GroupOpenTeam; now: number | null; chosen: boolean; onJoin: () => void }) {
  const { t } = useTranslation();
  const left = useTeamTimeLeft(team.endAt, now);
  const name = team.leaderNickName;
  return (
    <li className={`group-team-row${chosen ? ' group-team-row--chosen' : ''}`} data-testid="group-team">
      <span className="group-team-row__who">
        <MemberAvatar src={team.leaderPic} alt="" size={36} />
        <span className="group-team-row__name">{name}</span>
        <span className="group-team-row__leader">{t('groupBuy.teams.leader')}</span>
      </span>
      <span className="group-team-row__state">
        <span className="group-team-row__missing" data-testid="group-team-missing">
          {t('groupBuy.teams.missing', { count: team.missing })}
        </span>
        <span data-testid="group-team-countdown">{left.text ? t('groupBuy.teams.endsIn', { time: left.text }) : ''}</span>
      </span>
      {/* The visible text starts the accessible name (axe: label-content-name-mismatch); the leader's name tells the rows apart. */}
      <Button size="sm" variant={chosen ? 'secondary' : 'primary'} onClick={onJoin}>
        {chosen ? t('groupBuy.teams.chosen') : t('groupBuy.teams.join')}
        <span className="visually-hidden"> {name}</span>
      </Button>
    </li>
  );
}

/** Section 2: shopping needs login; a visitor gets the login popup (the app shell opens it). */
function loggedIn(isLoggedIn: boolean): boolean {
  if (!isLoggedIn) emitApiEvent({ type: 'login-required' });
  return isLoggedIn;
}

/** A SKU can be bought while it has stock (-1 = unlimited). */
const inStock = (sku: GroupSku) => sku.stocks !== 0;

/** The activity's SKUs as one choice each, with the group price over the single one. */
function GroupSkuChoice({ skus, chosen, onChoose }: { skus: GroupSku[]; chosen: GroupSku | undefined; onChoose: (sku: GroupSku) => void }) {
  const { t } = useTranslation();
  if (skus.length <= 1 && !skus[0]?.skuName) return null;
  return (
    <div className="group-panel__row">
      <span className="group-panel__label" id="group-sku-label">
        {t('groupBuy.detail.spec')}
      </span>
      <div className="group-skus" role="radiogroup" aria-labelledby="group-sku-label">
        {skus.map((sku) => (
          <button
            key={sku.groupSkuId}
            type="button"
            role="radio"
            className="group-sku"
            aria-checked={sku.groupSkuId === chosen?.groupSkuId}
            disabled={!inStock(sku)}
            onClick={() => onChoose(sku)}
          >
            <span>{sku.skuName || t('groupBuy.detail.defaultSpec')}</span>
            <span className="group-sku__price">
              <Price fen={sku.actPrice} oriFen={sku.price} />
            </span>
          </button>
        ))}
      </div>
    </div>
  );
}

function GroupPanel({ product, group, teams: initialTeams, sharedTeam: initialShared, isLoggedIn }: Extract<GroupDetailProps, { product: ProductDetail }>) {
  const { t } = useTranslation();
  const sharedTeam = useSharedTeam(initialShared, isLoggedIn);
  const ownTeamId = sharedTeam?.inTeam ? sharedTeam.groupTeamId : null;
  const navigate = useNavigate();
  const running = group.state !== GROUP_ACTIVITY_STATE.ended;
  const { teams, now } = useOpenTeams(group.groupActivityId, initialTeams, group.serverTime, running);

  // Only the activity's SKUs are bought here, at either price.
  const [chosenSkuId, setChosenSkuId] = useState(() => (group.skuList.find(inStock) ?? group.skuList[0])?.groupSkuId ?? 0);
  const [quantity, setQuantity] = useState(1);
  const [chosenTeamId, setChosenTeamId] = useState<number | null>(sharedTeam?.joinable ? sharedTeam.groupTeamId : null);
  const groupSku = group.skuList.find((s) => s.groupSkuId === chosenSkuId);
  const limit = group.hasMaxNum && group.maxNum !== null ? group.maxNum : GROUP_PROD_COUNT_MAX;
  const max = !groupSku ? 0 : Math.min(groupSku.stocks === -1 ? GROUP_PROD_COUNT_MAX : groupSku.stocks, limit, GROUP_PROD_COUNT_MAX);
  const qty = Math.max(1, Math.min(quantity, max));
  const soldOut = !groupSku || max === 0;

  // The activity's state on the server's clock: the buttons open at its start and close at its end without a reload.
  const state = now === null ? group.state : activityStateAt(group, now);
  const countdown = useTeamTimeLeft(state === GROUP_ACTIVITY_STATE.notStarted ? group.startAt : group.endAt, now);
  // A member is never offered their own team (the list read without the token may still hold it).
  const liveTeams = teams.filter((team) => team.groupTeamId !== ownTeamId && (now === null || team.endAt > now));
  const chosenOpen = chosenTeamId === null ? undefined : liveTeams.find((team) => team.groupTeamId === chosenTeamId);
  const chosenShared = chosenTeamId !== null && sharedTeam?.groupTeamId === chosenTeamId && !sharedTeam.inTeam && (sharedTeam.endAt === null || now === null || sharedTeam.endAt > now) ? sharedTeam : undefined;
  const chosenTeam = chosenOpen ?? chosenShared ?? null;
  const chosenLeader = chosenOpen ? chosenOpen.leaderNickName : (chosenShared?.members.find((m) => m.leader)?.nickName ?? '');

  function buyAlone() {
    if (!loggedIn(isLoggedIn) || !groupSku || soldOut) return;
    const query = new URLSearchParams({ prodId: String(product.prodId), skuId: String(groupSku.skuId), prodCount: String(qty) });
    void navigate(`/submit-order?${query.toString()}`);
  }

  function buyInTeam(groupTeamId: number) {
    if (!loggedIn(isLoggedIn) || !groupSku || soldOut || state !== GROUP_ACTIVITY_STATE.running) return;
    void navigate(groupCheckoutHref({ groupSkuId: groupSku.groupSkuId, groupTeamId, prodCount: qty }));
  }

  const stockText = !groupSku || groupSku.stocks === 0 ? t('product.soldOut') : groupSku.stocks === -1 ? t('product.stockUnlimited') : t('product.stock', { count: groupSku.stocks });
  const teamPrice = groupSku?.actPrice ?? group.groupPrice;
  const singlePrice = groupSku?.price ?? group.price;
  // An activity may price the leader's order apart (团长价); joining pays the group price.
  const leaderPrice = groupSku?.leaderPrice ?? null;
  const buyPrice = chosenTeam || leaderPrice === null ? teamPrice : leaderPrice;

  return (
    <section className="purchase group-panel" aria-labelledby="product-title" data-testid="group-panel">
      <h1 id="product-title" className="purchase__title">
        <span className="group-panel__tag">{t('groupBuy.detail.banner')}</span>
        {product.mold === 1 ? <span className="purchase__tag">{t('product.virtual')}</span> : null}
        {product.prodName}
      </h1>
      {product.brief ? <p className="purchase__brief">{product.brief}</p> : null}
      <dl className="group-panel__prices">
        <div className="group-panel__group-price">
          <dt>{t('groupBuy.detail.groupPrice')}</dt>
          <dd data-testid="group-price">
            <Price fen={teamPrice} />
          </dd>
        </div>
        <div className="group-panel__single-price">
          <dt>{t('groupBuy.detail.singlePrice')}</dt>
          <dd data-testid="single-price">
            <Price fen={singlePrice} />
          </dd>
        </div>
      </dl>
      <ul className="group-panel__facts">
        <li data-testid="group-people">{t('groupBuy.detail.people', { count: group.groupNumber })}</li>
        <li data-testid="group-formed">{t('groupBuy.detail.teamsFormed', { count: group.teamsFormed })}</li>
        {leaderPrice !== null ? (
          <li data-testid="group-leader-price">
            {t('groupBuy.detail.leaderPrice')} <Price fen={leaderPrice} />
          </li>
        ) : null}
        {group.hasMaxNum && group.maxNum !== null ? <li data-testid="group-limit">{t('groupBuy.detail.limit', { count: group.maxNum })}</li> : null}
        <li className="group-panel__countdown" data-testid="group-activity-countdown">
          {state === GROUP_ACTIVITY_STATE.ended
            ? t('groupBuy.detail.ended')
            : countdown.text
              ? t(state === GROUP_ACTIVITY_STATE.notStarted ? 'groupBuy.detail.startsIn' : 'groupBuy.detail.endsIn', { time: countdown.text })
              : ''}
        </li>
      </ul>
      <p className="group-panel__note">
        {t('groupBuy.detail.validity', { time: durationText(t, group.groupValidTime), count: group.groupNumber })} {t(group.hasRobot ? 'groupBuy.detail.robots' : 'groupBuy.detail.noRobots')}
      </p>
      <GroupSkuChoice
        skus={group.skuList}
        chosen={groupSku}
        onChoose={(sku) => {
          setChosenSkuId(sku.groupSkuId);
          setQuantity(1);
        }}
      />
      <div className="group-panel__row">
        <label className="group-panel__label" htmlFor="group-count">
          {t('product.quantity')}
        </label>
        <CountStepper id="group-count" value={qty} max={max} onChange={setQuantity} />
        <span className={`purchase__stock${soldOut ? ' purchase__stock--out' : ''}`} aria-live="polite" data-testid="sku-stock">
          {stockText}
        </span>
      </div>
      {chosenTeam ? (
        <p className="group-panel__chosen" data-testid="group-chosen-team">
          <span>{t('groupBuy.detail.joinTeamOf', { name: chosenLeader })}</span>
          <Button variant="link" size="sm" onClick={() => setChosenTeamId(null)}>
            {t('groupBuy.teams.cancelChoice')}
          </Button>
        </p>
      ) : null}
      <div className="group-panel__actions">
        <Button size="lg" variant="secondary" className="group-panel__action" disabled={soldOut} onClick={buyAlone} data-testid="group-buy-alone">
          <span>{t('groupBuy.detail.buyAlone')}</span>
          <span className="group-panel__action-price">
            <Price fen={singlePrice} />
          </span>
        </Button>
        <Button
          size="lg"
          className="group-panel__action"
          disabled={soldOut || state !== GROUP_ACTIVITY_STATE.running}
          onClick={() => buyInTeam(chosenTeam ? chosenTeam.groupTeamId : 0)}
          data-testid="group-buy-team"
        >
          <span>{chosenTeam ? t('groupBuy.detail.joinTeam') : t('groupBuy.detail.openTeam')}</span>
          <span className="group-panel__action-price">
            <Price fen={buyPrice} />
          </span>
        </Button>
      </div>
      <p className="group-panel__note">{t('groupBuy.detail.noCoupons')}</p>

      {sharedTeam ? (
        <div className="group-panel__shared">
          <TeamPanel
            team={sharedTeam}
            now={now}
            title={t(sharedTeam.inTeam ? 'groupBuy.team.inTeamTitle' : 'groupBuy.team.sharedTitle')}
            share={sharedTeam.inTeam && sharedTeam.status === 1 && typeof window !== 'undefined' ? { url: groupShareUrl(window.location.origin, product.prodId, group.groupActivityId, sharedTeam.groupTeamId), qrSvg: null } : null}
          />
          <p className="group-panel__note" data-testid="shared-team-note">
            {t(sharedTeam.inTeam ? 'groupBuy.team.inTeam' : sharedTeam.joinable ? 'groupBuy.team.joinable' : 'groupBuy.team.notJoinable')}
          </p>
        </div>
      ) : null}

      <section className="group-teams" aria-labelledby="group-teams-title">
        <h2 id="group-teams-title" className="group-teams__title">
          {t('groupBuy.teams.title')}
        </h2>
        {liveTeams.length > 0 ? (
          <ul className="group-teams__list">
            {liveTeams.map((team) => (
              <TeamRow key={team.groupTeamId} team={team} now={now} chosen={team.groupTeamId === chosenTeam?.groupTeamId} onJoin={() => buyInTeam(team.groupTeamId)} />
            ))}
          </ul>
        ) : (
          <p className="empty-text">{t('groupBuy.teams.empty')}</p>
        )}
      </section>
    </section>
  );
}
