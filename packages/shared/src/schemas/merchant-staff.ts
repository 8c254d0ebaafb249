// Shop staff (issue 25, decision 057): the owner of a shop adds accounts for customer service,
// the warehouse and operations, each with a role (constants/permissions.ts MERCHANT_ROLE_PERMISSIONS).
// Passwords travel in the login's transport cipher, like the store password's.
import { z } from 'zod';
import { MERCHANT_ROLE_KEYS } from '../constants/permissions.ts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants/limits.ts';
import { textInput } from './text.ts';

/** The roles an owner may give; `owner` is the shop's own account and is never given. */
export const STAFF_ROLE_KEYS = ['service', 'warehouse', 'operations'] as const;
export type StaffRoleKey = (typeof STAFF_ROLE_KEYS)[number];

export const MerchantRoleSchema = z.enum(MERCHANT_ROLE_KEYS);

/** Login names of staff accounts: 4-32 letters, digits, `-`, `_` or `.`, starting with a letter or digit. */
export const STAFF_USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{3,31}$/;

export const StaffRoleSchema = z.enum(STAFF_ROLE_KEYS, { error: 'merchantStaff.errors.role' });

const cipher = textInput('validation.passwordRequired').min(1, 'validation.passwordRequired').max(512, 'validation.passwordRequired');

/** POST /merchant/staff: the password is encrypted (6-12 characters once opened, the store password's rule). */
export const StaffCreateSchema = z.object({
  username: textInput('merchantStaff.errors.usernameRule').trim().regex(STAFF_USERNAME_PATTERN, 'merchantStaff.errors.usernameRule'),
  displayName: textInput('merchantStaff.errors.displayName').trim().max(32, 'merchantStaff.errors.displayName').optional(),
  role: StaffRoleSchema,
  password: cipher,
});
export type StaffCreateInput = z.infer<typeof StaffCreateSchema>;

/** PUT /merchant/staff/{id}/role. */
export const StaffRoleInputSchema = z.object({ role: StaffRoleSchema });
export type StaffRoleInput = z.infer<typeof StaffRoleInputSchema>;

/** PUT /merchant/staff/{id}/status: 1 enabled, 0 disabled (its sessions end at once). */
export const StaffStatusInputSchema = z.object({ status: z.union([z.literal(0), z.literal(1)], { error: 'merchantStaff.errors.status' }) });
export type StaffStatusInput = z.infer<typeof StaffStatusInputSchema>;

/** PUT /merchant/staff/{id}/password: the new password, encrypted; its sessions end. */
export const StaffPasswordInputSchema = z.object({ password: cipher });
export type StaffPasswordInput = z.infer<typeof StaffPasswordInputSchema>;

export const StaffIdParamSchema = z.object({
  id: z.coerce.number('validation.id').int('validation.id').min(1, 'validation.id').max(2_147_483_647, 'validation.id'),
});

/** A row of GET /merchant/staff (the owner first, then staff by creation). */
export const StaffMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  role: MerchantRoleSchema,
  /** 1 enabled, 0 disabled. */
  status: z.number().int(),
  lastLoginTime: z.string().nullable(),
  createTime: z.string(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/** What the shop's log records. */
export const MERCHANT_AUDIT_ACTIONS = ['staff.create', 'staff.role', 'staff.disable', 'staff.enable', 'staff.password', 'permission.denied'] as const;
export type MerchantAuditAction = (typeof MERCHANT_AUDIT_ACTIONS)[number];

/** GET /merchant/staff/logs. */
export const MerchantAuditQuerySchema = z.object({
  current: z.coerce.number().int('validation.page').min(1, 'validation.page').default(1),
  size: z.coerce.number().int('validation.page').min(1, 'validation.page').max(PAGE_SIZE_MAX, 'validation.pageSize').default(PAGE_SIZE_DEFAULT),
});
export type MerchantAuditQuery = z.infer<typeof MerchantAuditQuerySchema>;

export const MerchantAuditLogSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  accountName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type MerchantAuditLog = z.infer<typeof MerchantAuditLogSchema>;
