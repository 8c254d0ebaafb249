// Platform staff manage shoppers' logins (issue 10): list and search them, disable a login with a
// reason or enable it again. Each message is an i18n key (catalog ui-staff.ts).
import { z } from 'zod';
import { staffKeyword, staffPage } from './admin-shops.ts';

export const USER_STATUS = { disabled: 0, enabled: 1 } as const;

/** GET /admin/users: by nickname, mobile or user name (any part), and status. */
export const AdminUserQuerySchema = z.object({
  keyword: staffKeyword,
  status: z.coerce
    .number('staff.errors.userStatus')
    .int('staff.errors.userStatus')
    .refine((s) => s === USER_STATUS.disabled || s === USER_STATUS.enabled, 'staff.errors.userStatus')
    .optional(),
  ...staffPage,
});
export type AdminUserQuery = z.infer<typeof AdminUserQuerySchema>;

/** A shopper's id: 32 hex characters (reference section 1). */
export const UserIdParamSchema = z.object({
  userId: z.string({ error: 'staff.errors.userNotFound' }).regex(/^[0-9a-f]{32}$/, 'staff.errors.userNotFound'),
});

export const AdminUserSchema = z.object({
  userId: z.string(),
  userName: z.string().nullable(),
  nickName: z.string(),
  mobile: z.string(),
  pic: z.string().nullable(),
  /** 1 enabled, 0 disabled. */
  status: z.number().int(),
  /** Why staff disabled the login; null while enabled. */
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
