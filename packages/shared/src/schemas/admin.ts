import { z } from 'zod';
import { ADMIN_PERMISSIONS, ADMIN_ROLE_KEYS } from '../constants/permissions.ts';
import { textInput } from './text.ts';

/** The platform console's login: the same encrypted password transport as the shopper login. */
export const AdminLoginSchema = z.object({
  userName: textInput('admin.errors.usernameRequired').trim().min(1, 'admin.errors.usernameRequired').max(32, 'admin.errors.wrongCredentials'),
  passWord: textInput('admin.errors.passwordRequired').min(1, 'admin.errors.passwordRequired').max(512, 'admin.errors.passwordRequired'),
});
export type AdminLoginInput = z.infer<typeof AdminLoginSchema>;

/** A staff role as the console shows it: a built-in one carries its key (its name is then translated). */
export const AdminRoleSchema = z.object({
  roleId: z.number().int(),
  /** super, operations, service or finance; null for a role the super administrator added. */
  key: z.enum(ADMIN_ROLE_KEYS).nullable(),
  name: z.string(),
  permissions: z.array(z.string()),
  /** Built-in roles keep the permissions of the contract; only added roles are edited. */
  builtIn: z.boolean(),
  createdAt: z.string(),
});
export type AdminRole = z.infer<typeof AdminRoleSchema>;

/** GET /admin/me: who is logged in, with the role and the permissions the console shows controls for. */
export const AdminProfileSchema = z.object({
  adminId: z.number().int(),
  username: z.string(),
  role: z.object({ roleId: z.number().int(), key: z.enum(ADMIN_ROLE_KEYS).nullable(), name: z.string() }),
  permissions: z.array(z.string()),
});
export type AdminProfile = z.infer<typeof AdminProfileSchema>;

// ---- Staff management (issue 25, decision 057): behind staff.manage, every change audited ----

export const STAFF_AUDIT_ACTIONS = [
  'staff.create',
  'staff.role',
  'staff.disable',
  'staff.enable',
  'staff.password',
  'role.create',
  'role.update',
  'permission.denied',
] as const;

export const STAFF_USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{2,31}$/;
export const STAFF_PASSWORD_MIN_LENGTH = 8;
export const STAFF_PASSWORD_MAX_LENGTH = 64;
export const ROLE_NAME_MAX_LENGTH = 32;

/** A staff password: 8-64 visible ASCII characters with letters and digits. */
export const StaffPasswordSchema = z
  .string({ error: 'admin.errors.password' })
  .refine(
    (v) => v.length >= STAFF_PASSWORD_MIN_LENGTH && v.length <= STAFF_PASSWORD_MAX_LENGTH && /^[\x21-\x7e]+$/.test(v) && /[A-Za-z]/.test(v) && /\d/.test(v),
    'admin.errors.password',
  );

const roleId = z.coerce.number({ error: 'admin.errors.roleNotFound' }).int('admin.errors.roleNotFound').min(1, 'admin.errors.roleNotFound').max(2_147_483_647, 'admin.errors.roleNotFound');

export const StaffIdParamSchema = z.object({
  adminId: z.coerce.number({ error: 'admin.errors.staffNotFound' }).int('admin.errors.staffNotFound').min(1, 'admin.errors.staffNotFound').max(2_147_483_647, 'admin.errors.staffNotFound'),
});
export const RoleIdParamSchema = z.object({ roleId });

/** POST /admin/staff. */
export const CreateStaffSchema = z.object({
  username: z.string({ error: 'admin.errors.username' }).trim().regex(STAFF_USERNAME_PATTERN, 'admin.errors.username'),
  password: StaffPasswordSchema,
  roleId,
});
export type CreateStaffInput = z.infer<typeof CreateStaffSchema>;

/** PUT /admin/staff/{adminId}/role. */
export const StaffRoleSchema = z.object({ roleId });
/** PUT /admin/staff/{adminId}/status: 1 enabled, 0 disabled. */
export const StaffStatusSchema = z.object({
  status: z.union([z.literal(0), z.literal(1)], { error: 'admin.errors.status' }),
});
/** PUT /admin/staff/{adminId}/password. */
export const StaffPasswordResetSchema = z.object({ password: StaffPasswordSchema });

export const StaffMemberSchema = z.object({
  adminId: z.number().int(),
  username: z.string(),
  /** 1 enabled, 0 disabled. */
  status: z.number().int(),
  role: z.object({ roleId: z.number().int(), key: z.enum(ADMIN_ROLE_KEYS).nullable(), name: z.string() }),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/** POST /admin/roles and PUT /admin/roles/{roleId}: a name and permissions from the contract. */
export const RoleInputSchema = z.object({
  name: textInput('admin.errors.roleName').trim().min(1, 'admin.errors.roleName').max(ROLE_NAME_MAX_LENGTH, 'admin.errors.roleName'),
  permissions: z
    .array(z.enum(ADMIN_PERMISSIONS, { error: 'admin.errors.permission' }), { error: 'admin.errors.permission' })
    .max(ADMIN_PERMISSIONS.length * 2, 'admin.errors.permission')
    .transform((list) => [...new Set(list)]),
});
export type RoleInput = z.infer<typeof RoleInputSchema>;
