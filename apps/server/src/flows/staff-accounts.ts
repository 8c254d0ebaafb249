// The super administrator's staff and role management (issue 25, decision 057) across its owners:
// the admin module moves the account or role row, the audit module records the change in the same
// transaction, and the auth module ends the account's sessions after a disable or a new password.
// Every request reads the account's status and role with its token (decision 015, 057), so a
// disabled account, a new role or a role's new permissions apply on the next request everywhere.
import type { AdminRole, CreateStaffInput, RoleInput, StaffMember } from '@bazaar/shared/schemas/admin';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { invalid } from '../lib/app-error.ts';
import * as admins from '../modules/admin/service.ts';
import { recordChange, type AuditEntry } from '../modules/audit/service.ts';
import { revokeSessions } from '../modules/auth/service.ts';

type Change = Omit<AuditEntry, 'admin'>;

/** Runs a change and its audit entry in one transaction, as the acting staff member. */
async function audited<T>(ctx: AppContext, actorId: number, change: (tx: Tx, now: Date) => Promise<{ result: T; entry: Change | null }>): Promise<T> {
  const actor = await admins.getProfile(ctx, actorId);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const { result, entry } = await change(tx, now);
    if (entry) await recordChange(tx, { admin: { id: actor.adminId, username: actor.username }, ...entry }, now);
    return result;
  });
}

/** GET /admin/staff. */
export const listStaff = (ctx: AppContext): Promise<StaffMember[]> => admins.listStaff(ctx);

/** GET /admin/roles. */
export const listRoles = (ctx: AppContext): Promise<AdminRole[]> => admins.listRoles(ctx);

/** POST /admin/staff: a new account with its initial password and role. */
export async function createStaff(ctx: AppContext, actorId: number, input: CreateStaffInput): Promise<StaffMember> {
  const id = await audited(ctx, actorId, async (tx, now) => {
    const role = await admins.requireRole(tx, input.roleId);
    const created = await admins.insertStaff(tx, { username: input.username, password: input.password, roleId: role.id, at: now });
    return { result: created, entry: { action: 'staff.create', targetType: 'admin', targetId: created, before: null, after: { username: input.username, roleId: role.id, role: role.name } } };
  });
  return admins.toStaffMember(await admins.requireStaff(ctx.db, id));
}

/** PUT /admin/staff/{adminId}/role: never one's own. The same role again is a no-op. */
export async function changeStaffRole(ctx: AppContext, actorId: number, adminId: number, roleId: number): Promise<StaffMember> {
  if (adminId === actorId) throw invalid('admin.errors.ownRole');
  await audited(ctx, actorId, async (tx) => {
    const role = await admins.requireRole(tx, roleId);
    const moved = await admins.setStaffRole(tx, adminId, role.id);
    if (!moved) throw invalid('admin.errors.staffNotFound');
    if (moved.before === role.id) return { result: null, entry: null };
    return { result: null, entry: { action: 'staff.role', targetType: 'admin', targetId: adminId, before: { roleId: moved.before }, after: { roleId: role.id, role: role.name } } };
  });
  return admins.toStaffMember(await admins.requireStaff(ctx.db, adminId));
}

/** PUT /admin/staff/{adminId}/status: disabling ends every session of the account at once; never one's own. */
export async function setStaffStatus(ctx: AppContext, actorId: number, adminId: number, status: 0 | 1): Promise<StaffMember> {
  if (adminId === actorId && status === 0) throw invalid('admin.errors.ownStatus');
  await audited(ctx, actorId, async (tx) => {
    await admins.requireStaff(tx, adminId);
    const moved = await admins.setStaffStatus(tx, adminId, status);
    if (!moved) return { result: null, entry: null };
    return { result: null, entry: { action: status === 0 ? 'staff.disable' : 'staff.enable', targetType: 'admin', targetId: adminId, before: { status: 1 - status }, after: { status } } };
  });
  if (status === 0) await revokeSessions(ctx, 'admin', String(adminId));
  return admins.toStaffMember(await admins.requireStaff(ctx.db, adminId));
}

/** PUT /admin/staff/{adminId}/password: a new password; the account's sessions end (its holder logs in anew). */
export async function resetStaffPassword(ctx: AppContext, actorId: number, adminId: number, password: string): Promise<StaffMember> {
  await audited(ctx, actorId, async (tx) => {
    await admins.setStaffPassword(tx, adminId, password);
    return { result: null, entry: { action: 'staff.password', targetType: 'admin', targetId: adminId, before: null, after: null } };
  });
  await revokeSessions(ctx, 'admin', String(adminId));
  return admins.toStaffMember(await admins.requireStaff(ctx.db, adminId));
}

/** POST /admin/roles: a role of the super administrator's choosing from the contract's permissions. */
export async function createRole(ctx: AppContext, actorId: number, input: RoleInput): Promise<AdminRole> {
  const row = await audited(ctx, actorId, async (tx, now) => {
    const created = await admins.insertRole(tx, { name: input.name, permissions: input.permissions, at: now });
    return { result: created, entry: { action: 'role.create', targetType: 'role', targetId: created.id, before: null, after: { name: created.name, permissions: created.permissions } } };
  });
  return admins.toRole(row);
}

/** PUT /admin/roles/{roleId}: an added role's name and permissions; built-in roles keep the contract's. */
export async function updateRole(ctx: AppContext, actorId: number, roleId: number, input: RoleInput): Promise<AdminRole> {
  const row = await audited(ctx, actorId, async (tx, now) => {
    const before = await admins.requireRole(tx, roleId);
    const updated = await admins.updateRole(tx, roleId, { name: input.name, permissions: input.permissions, at: now });
    return {
      result: updated,
      entry: { action: 'role.update', targetType: 'role', targetId: roleId, before: { name: before.name, permissions: before.permissions }, after: { name: updated.name, permissions: updated.permissions } },
    };
  });
  return admins.toRole(row);
}
