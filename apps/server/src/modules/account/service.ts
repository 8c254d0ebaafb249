// Account use cases: login checks (password and SMS), registration, password reset and the
// profile. Services take the AppContext and answer display-ready shapes.
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  PHONE_PATTERN,
  PasswordSchema,
  SEXES,
  type CheckSmsInput,
  type CheckUpdatePwdSmsInput,
  type LoginInput,
  type RegisterInput,
  type SetUserInfoInput,
  type SmsLoginInput,
  type UpdatePasswordInput,
  type UserProfile,
} from '@bazaar/shared/schemas/account';
import type { AppContext } from '../../context.ts';
import { invalid, unauthorized } from '../../lib/app-error.ts';
import type { SmsPurpose } from '../../providers/sms/sms-provider.ts';
import { openPasswordCipher } from './password-cipher.ts';
import {
  findUserById,
  findUserByLoginName,
  findUserByMobile,
  insertUser,
  insertUserOrGetByMobile,
  isMobileRegistered,
  readUserById,
  isUserNameTaken,
  setPassword,
  updateProfile,
  type UserRow,
} from './repository.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { consumeSmsCode, sendSmsCode } from './sms-codes.ts';
import { AVATAR_URL_PREFIX, avatarKey } from './upload.ts';

/** How long a verified phone may be used for registration or a reset. */
export const VERIFY_FLAG_TTL_MS = 10 * 60_000;

export function maskMobile(mobile: string): string {
  return `${mobile.slice(0, 3)}****${mobile.slice(7)}`;
}

export function newUserId(): string {
  return randomBytes(16).toString('hex');
}

// Unknown accounts still cost one argon2 verification, so timing does not reveal them.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hash(randomBytes(16).toString('hex')));

/** Decrypts a password ciphertext and re-checks every section 5 rule on the plain text. */
async function openNewPassword(ctx: AppContext, cipherText: string, scope: string): Promise<string> {
  const password = await openPasswordCipher(ctx.kv, cipherText, ctx.now(), scope);
  const checked = PasswordSchema.safeParse(password);
  if (!checked.success) throw invalid(checked.error.issues[0]?.message ?? 'validation.passwordRule');
  return password;
}

// ---- Login ----
// The sign-in flow joins these with the auth module's lockout and tokens.

export interface PasswordLogin {
  /** The account the name or phone points at, if any. */
  user: UserRow | undefined;
  password: string;
}

/** Finds the account and opens the password cipher; replays are refused per account, whichever name or phone they use. */
export async function openPasswordLogin(ctx: AppContext, input: LoginInput): Promise<PasswordLogin> {
  const user = await findUserByLoginName(ctx.db, input.userName);
  const password = await openPasswordCipher(ctx.kv, input.passWord, ctx.now(), user?.id ?? input.userName);
  return { user, password };
}

/** The user when the password is right; null otherwise. Unknown accounts cost the same argon2 check. */
export async function checkPassword(login: PasswordLogin): Promise<UserRow | null> {
  const matches = await verify(login.user?.passwordHash ?? (await getDummyHash()), login.password);
  return matches && login.user?.passwordHash ? login.user : null;
}

/** The last step of any login: a disabled account stays out, told why when staff gave a reason. */
export function admitUser(user: UserRow): string {
  if (user.status !== 1) throw user.disabledReason ? invalid('staff.errors.accountDisabled', { reason: user.disabledReason }) : invalid('errors.account.disabled');
  return user.id;
}

export async function sendLoginCode(ctx: AppContext, mobile: string, ip: string): Promise<void> {
  await sendSmsCode(ctx, { mobile, purpose: 'login', ip });
}

/** Checks an SMS login code; an unknown phone becomes a new account without name or password. Answers the user id. */
export async function smsLogin(ctx: AppContext, input: SmsLoginInput): Promise<string> {
  const mobile = input.userName;
  await consumeSmsCode(ctx, { mobile, purpose: 'login', code: input.passWord });
  const user = await insertUserOrGetByMobile(ctx.db, { id: newUserId(), mobile, nickName: maskMobile(mobile) });
  return admitUser(user);
}

// ---- Verified-phone flags ----

const flagKey = (purpose: SmsPurpose, flag: string) => `account:flag:${purpose}:${flag}`;

async function createVerifyFlag(ctx: AppContext, purpose: SmsPurpose, mobile: string): Promise<string> {
  const flag = randomBytes(24).toString('hex');
  await ctx.kv.set(flagKey(purpose, flag), mobile, VERIFY_FLAG_TTL_MS);
  return flag;
}

// ---- Registration ----

export async function sendRegisterCode(ctx: AppContext, mobile: string, ip: string): Promise<void> {
  if (await isMobileRegistered(ctx.db, mobile)) throw invalid('errors.account.phoneRegistered');
  await sendSmsCode(ctx, { mobile, purpose: 'register', ip });
}

export async function checkRegisterCode(ctx: AppContext, input: CheckSmsInput): Promise<string> {
  await consumeSmsCode(ctx, { mobile: input.mobile, purpose: 'register', code: input.validCode });
  return createVerifyFlag(ctx, 'register', input.mobile);
}

/** Creates the account of a verified phone; answers its id. */
export async function register(ctx: AppContext, input: RegisterInput): Promise<string> {
  const password = await openNewPassword(ctx, input.password, input.mobile);
  const key = flagKey('register', input.checkRegisterSmsFlag);
  if ((await ctx.kv.get(key)) !== input.mobile) throw invalid('errors.account.verifyExpired');
  // Phone-shaped names are kept for phones: login by phone must never find someone else.
  if (PHONE_PATTERN.test(input.userName) || (await isUserNameTaken(ctx.db, input.userName))) {
    throw invalid('errors.account.userNameTaken');
  }
  if (await isMobileRegistered(ctx.db, input.mobile)) throw invalid('errors.account.phoneRegistered');
  const passwordHash = await hash(password);
  const flagLife = await ctx.kv.ttl(key);
  if ((await ctx.kv.take(key)) !== input.mobile) throw invalid('errors.account.verifyExpired');
  let user: UserRow;
  try {
    user = await insertUser(ctx.db, {
      id: newUserId(),
      mobile: input.mobile,
      userName: input.userName,
      nickName: input.nickName,
      passwordHash,
    });
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === null) throw err;
    // A parallel registration won the name or the phone: give the verification back.
    if (flagLife > 0) await ctx.kv.set(key, input.mobile, flagLife);
    throw invalid(constraint === 'users_mobile_uq' ? 'errors.account.phoneRegistered' : 'errors.account.userNameTaken');
  }
  return user.id;
}

// ---- Password reset (forgot password, and the user center's password page) ----

export async function sendUpdatePwdCode(ctx: AppContext, mobile: string, ip: string): Promise<void> {
  if (!(await isMobileRegistered(ctx.db, mobile))) throw invalid('errors.account.phoneNotRegistered');
  await sendSmsCode(ctx, { mobile, purpose: 'password', ip });
}

/** The user center's variant: the code goes to the logged-in user's own phone. */
export async function sendOwnUpdatePwdCode(ctx: AppContext, userId: string, ip: string): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  await sendSmsCode(ctx, { mobile: user.mobile, purpose: 'password', ip });
}

/** With a session, only the session user's own phone can be verified (the mobile may be left out). */
async function resolveResetMobile(ctx: AppContext, mobile: string | undefined, sessionUserId: string | null): Promise<string> {
  if (!sessionUserId) {
    if (!mobile) throw invalid('validation.phoneRequired');
    return mobile;
  }
  const me = await findUserById(ctx.db, sessionUserId);
  if (!me) throw unauthorized();
  if (mobile && mobile !== me.mobile) throw invalid('errors.account.notOwnPhone');
  return me.mobile;
}

export async function checkUpdatePwdCode(ctx: AppContext, input: CheckUpdatePwdSmsInput, sessionUserId: string | null): Promise<string> {
  const mobile = await resolveResetMobile(ctx, input.mobile, sessionUserId);
  await consumeSmsCode(ctx, { mobile, purpose: 'password', code: input.validCode });
  return createVerifyFlag(ctx, 'password', mobile);
}

/** Sets a new password for the verified phone; answers the user id (the flow then ends its sessions and lock). */
export async function updatePassword(ctx: AppContext, input: UpdatePasswordInput, sessionUserId: string | null): Promise<string> {
  const key = flagKey('password', input.checkRegisterSmsFlag);
  const mobile = await ctx.kv.get(key);
  if (!mobile || (input.mobile && input.mobile !== mobile)) throw invalid('errors.account.verifyExpired');
  const password = await openNewPassword(ctx, input.password, mobile);
  const user = await findUserByMobile(ctx.db, mobile);
  if (!user) throw invalid('errors.account.phoneNotRegistered');
  if (sessionUserId && sessionUserId !== user.id) throw invalid('errors.account.notOwnPhone');
  if (user.passwordHash && (await verify(user.passwordHash, password))) throw invalid('errors.account.samePassword');
  const passwordHash = await hash(password);
  if ((await ctx.kv.take(key)) !== mobile) throw invalid('errors.account.verifyExpired');
  await setPassword(ctx.db, user.id, passwordHash, ctx.now());
  return user.id;
}

// ---- Profile ----

function toUserInfo(row: UserRow): UserProfile {
  const sex = SEXES.find((s) => s === row.sex) ?? null;
  return {
    userId: row.id,
    userName: row.userName,
    nickName: row.nickName,
    pic: row.pic,
    sex,
    birthDate: row.birthDate,
    mobile: maskMobile(row.mobile),
  };
}

export async function getUserInfo(ctx: AppContext, userId: string): Promise<UserProfile> {
  const user = await readUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  return toUserInfo(user);
}

/** A real calendar day, not after today (GMT+8). */
function isValidBirthDate(value: string, now: Date): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 1900) return false;
  const today = new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  return value <= today;
}

async function assertOwnAvatar(ctx: AppContext, userId: string, url: string): Promise<void> {
  const name = url.startsWith(AVATAR_URL_PREFIX) ? url.slice(AVATAR_URL_PREFIX.length) : '';
  const own = new RegExp(`^${userId}-[0-9a-f]{16}\\.(jpg|jpeg|png|gif)$`);
  if (!own.test(name)) throw invalid('validation.avatarInvalid');
  if (!(await ctx.providers.storage.exists(avatarKey(name)))) throw invalid('validation.avatarInvalid');
}

export async function setUserInfo(ctx: AppContext, userId: string, input: SetUserInfoInput): Promise<UserProfile> {
  if (input.avatarUrl !== undefined) await assertOwnAvatar(ctx, userId, input.avatarUrl);
  if (input.birthDate !== undefined && !isValidBirthDate(input.birthDate, ctx.now())) throw invalid('validation.birthDate');
  const row = await updateProfile(ctx.db, userId, {
    nickName: input.nickName,
    ...(input.avatarUrl !== undefined ? { pic: input.avatarUrl } : {}),
    ...(input.sex !== undefined ? { sex: input.sex } : {}),
    ...(input.birthDate !== undefined ? { birthDate: input.birthDate } : {}),
    updatedAt: ctx.now(),
  });
  if (!row) throw unauthorized();
  return toUserInfo(row);
}


// ---- User center ----

/** Whether the user has set a password (the user center's flag; the rest of the center is flows/user-center.ts). */
export async function isPasswordSet(ctx: AppContext, userId: string): Promise<boolean> {
  const user = await readUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  return user.passwordHash !== null;
}

/** The session lookup's check that a shopper may act (decision 015). */
export { userIsActive } from './repository.ts';
