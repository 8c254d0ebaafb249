import { z } from 'zod';
import { textInput } from './text.ts';
import {
  ACCOUNT_MAX_LENGTH,
  ACCOUNT_MIN_LENGTH,
  NICKNAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../constants/limits.ts';

// Section 5 of the specification. Each message is an i18n key.
export const PHONE_PATTERN = /^1\d{10}$/;
export const ACCOUNT_PATTERN = new RegExp(`^[A-Za-z0-9_]{${ACCOUNT_MIN_LENGTH},${ACCOUNT_MAX_LENGTH}}$`);
const HALF_WIDTH = /^[\x21-\x7e]+$/;

export function passwordKinds(value: string): number {
  let kinds = 0;
  if (/[A-Za-z]/.test(value)) kinds++;
  if (/\d/.test(value)) kinds++;
  if (/[^A-Za-z\d]/.test(value)) kinds++;
  return kinds;
}

/**
 * A required field that is refused when empty or all spaces (section 5: inputs cannot be all
 * spaces), with its own message. The value is not trimmed: a password keeps the spaces typed in it.
 */
export const requiredText = (message: string) => textInput().refine((v) => v.trim() !== '', message);

export const PhoneSchema = z
  .string({ error: 'validation.phoneRequired' })
  .trim()
  .min(1, 'validation.phoneRequired')
  .regex(PHONE_PATTERN, 'validation.phoneInvalid');

export const SmsCodeSchema = z
  .string({ error: 'validation.codeRequired' })
  .trim()
  .min(1, 'validation.codeRequired')
  .regex(/^\d{4,8}$/, 'validation.codeInvalid');

export const AccountNameSchema = z
  .string({ error: 'validation.accountInvalid' })
  .regex(ACCOUNT_PATTERN, 'validation.accountInvalid');

export const PasswordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .refine(
    (v) => v.length >= PASSWORD_MIN_LENGTH && v.length <= PASSWORD_MAX_LENGTH && HALF_WIDTH.test(v) && passwordKinds(v) >= 2,
    'validation.passwordRule',
  );

export const NicknameSchema = textInput('validation.nicknameRequired')
  .trim()
  .min(1, 'validation.nicknameRequired')
  .max(NICKNAME_MAX_LENGTH, 'validation.nicknameTooLong');

/** The new-password form: rule, then a non-blank confirmation that matches. */
export const NewPasswordFormSchema = z
  .object({
    password: PasswordSchema,
    confirmPassword: requiredText('validation.confirmRequired'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'validation.confirmMismatch',
    path: ['confirmPassword'],
  });

// Login popup, account tab: a valid user name, then a non-blank password, then consent.
export const AccountLoginFormSchema = z.object({
  userName: z.string().trim().regex(ACCOUNT_PATTERN, 'validation.accountInvalid'),
  password: requiredText('validation.passwordRequired'),
  agree: z.literal(true, { error: 'validation.agreeTerms' }),
});

// Login popup, mobile tab: a valid phone, then a non-blank code, then consent.
export const MobileLoginFormSchema = z.object({
  mobile: PhoneSchema,
  code: SmsCodeSchema,
  agree: z.literal(true, { error: 'validation.agreeTerms' }),
});

// ---- Wire payloads (reference 2.1). Password fields carry the transport cipher. ----

export const LoginSchema = z.object({
  userName: textInput('validation.accountInvalid').trim().min(1, 'validation.accountInvalid').max(64, 'validation.accountInvalid'),
  passWord: textInput('validation.passwordRequired').min(1, 'validation.passwordRequired').max(512, 'validation.passwordRequired'),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const SmsLoginSchema = z.object({ userName: PhoneSchema, passWord: SmsCodeSchema });
export type SmsLoginInput = z.infer<typeof SmsLoginSchema>;

export const TokenSchema = z.object({ accessToken: z.string(), expiresIn: z.number().int() });
export type Token = z.infer<typeof TokenSchema>;

export const SendSmsSchema = z.object({ mobile: PhoneSchema });
export type SendSmsInput = z.infer<typeof SendSmsSchema>;

export const CheckSmsSchema = z.object({ mobile: PhoneSchema, validCode: SmsCodeSchema });
export type CheckSmsInput = z.infer<typeof CheckSmsSchema>;

/** The one-time flag that proves a phone was verified; sent back with register or reset. */
export const CheckSmsFlagSchema = textInput('errors.account.verifyExpired').min(16, 'errors.account.verifyExpired').max(128, 'errors.account.verifyExpired');

export const RegisterSchema = z.object({
  appType: z.literal(3).default(3),
  registerOrBind: z.literal(1).default(1),
  validateType: z.literal(1).default(1),
  mobile: PhoneSchema,
  checkRegisterSmsFlag: CheckSmsFlagSchema,
  userName: AccountNameSchema,
  password: textInput('validation.passwordRequired').min(1, 'validation.passwordRequired').max(512, 'validation.passwordRequired'),
  nickName: NicknameSchema,
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

/**
 * Reset by phone (forgot password) or from the user center. The user center sends the
 * token and may leave out the mobile: the server then uses the logged-in user's own phone.
 */
export const CheckUpdatePwdSmsSchema = z.object({ mobile: PhoneSchema.optional(), validCode: SmsCodeSchema });
export type CheckUpdatePwdSmsInput = z.infer<typeof CheckUpdatePwdSmsSchema>;

/** The mobile may be left out: the verified phone is bound to the flag. */
export const UpdatePasswordSchema = z.object({
  mobile: PhoneSchema.optional(),
  checkRegisterSmsFlag: CheckSmsFlagSchema,
  password: textInput('validation.passwordRequired').min(1, 'validation.passwordRequired').max(512, 'validation.passwordRequired'),
});
export type UpdatePasswordInput = z.infer<typeof UpdatePasswordSchema>;

export const SEXES = ['M', 'F'] as const;
export const SetUserInfoSchema = z.object({
  nickName: NicknameSchema,
  /** A path the upload call returned for this user (/uploads/avatars/...). */
  avatarUrl: textInput('validation.avatarInvalid').max(500, 'validation.avatarInvalid').optional(),
  sex: z.enum(SEXES, { error: 'validation.sex' }).optional(),
  birthDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.birthDate').optional(),
});
export type SetUserInfoInput = z.infer<typeof SetUserInfoSchema>;

export const UserInfoSchema = z.object({
  userId: z.string(),
  /** Null for a user who registered by SMS login and never chose an account name. */
  userName: z.string().nullable(),
  nickName: z.string(),
  pic: z.string().nullable(),
  sex: z.enum(SEXES).nullable(),
  birthDate: z.string().nullable(),
  mobile: z.string(),
  /**
   * Reference 2.1: the level whose benefits apply: the running paid level (levelType 1, until
   * vipEndTime 'yyyy-MM-dd HH:mm:ss' GMT+8), else the growth level reached (levelType 0,
   * vipEndTime null); level 0, levelName null without either.
   */
  level: z.number().int(),
  levelType: z.number().int(),
  levelName: z.string().nullable(),
  vipEndTime: z.string().nullable(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;
/** The account module's part of UserInfo; the member fields come from the membership flow. */
export type UserProfile = Omit<UserInfo, 'level' | 'levelType' | 'levelName' | 'vipEndTime'>;

export const OrderCountDataSchema = z.object({
  unPay: z.number().int(),
  payed: z.number().int(),
  consignment: z.number().int(),
  success: z.number().int(),
  refund: z.number().int(),
  grouping: z.number().int(),
});

export const CenterInfoSchema = z.object({
  isSetPassword: z.boolean(),
  orderCountData: OrderCountDataSchema,
  shopAuditStatus: z.number().int().nullable(),
  shopStatus: z.number().int(),
  shopId: z.number().int().nullable(),
});
export type CenterInfo = z.infer<typeof CenterInfoSchema>;

export const UploadResultSchema = z.object({ url: z.string() });

/** One message of the sandbox SMS inbox (only when no real SMS provider is configured). */
export const SmsInboxEntrySchema = z.object({
  id: z.number().int(),
  mobile: z.string(),
  purpose: z.string(),
  code: z.string().nullable(),
  /** A notice's text (purpose 'notice': a flash sale's start, an after-sales deadline, a failed group-buy team's refund). */
  text: z.string().nullable(),
  /** yyyy-MM-dd HH:mm:ss, GMT+8 */
  createdAt: z.string(),
});
export type SmsInboxEntry = z.infer<typeof SmsInboxEntrySchema>;
