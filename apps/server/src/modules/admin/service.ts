// Platform staff: their accounts, roles and password check. Tokens and the lockout belong to the
// auth module; the sign-in flow joins them. A built-in role's permissions are the contract's
// (constants/permissions.ts), so the super administrator always holds every permission; an added
// role holds what its row lists (decision 057).
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { ADMIN_PERMISSIONS, ADMIN_ROLE_KEYS, ADMIN_ROLE_PERMISSIONS, type AdminRoleKey } from '@bazaar/shared/constants/permissions';
import type { AdminProfile, AdminRole, StaffMember } from '@bazaar/shared/schemas/admin';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { formatApiTime } from '../../lib/api-time.ts';
import { invalid, notFound, unauthorized } from '../../lib/app-error.ts';
import * as repo from './repository.ts';

export type AdminAccount = NonNullable<Awaited<ReturnType<typeof repo.findAdminByUsername>>>;
export type { RoleRow, StaffRow } from './repository.ts';

// Unknown accounts still cost one argon2 verification, so timing does not reveal them.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hash(randomBytes(16).toString('hex')));

const isRoleKey = (key: string | null): key is AdminRoleKey => key !== null && (ADMIN_ROLE_KEYS as readonly string[]).includes(key);

/** What a role grants: a built-in role's contract, else its own list (only names the contract knows). */
export function rolePermissions(key: string | null, stored: readonly string[]): string[] {
  if (isRoleKey(key)) return [...ADMIN_ROLE_PERMISSIONS[key]];
  return ADMIN_PERMISSIONS.filter((p) => stored.includes(p));
}

/** The session lookup's grants of a staff session (repository.adminGrants), read into a name and permissions. */
export function readGrants(raw: unknown): { username: string; permissions: string[] } | null {
  const value = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
  if (!value || typeof value !== 'object') return null;
  const { username, key, permissions } = value as { username?: unknown; key?: unknown; permissions?: unknown };
  if (typeof username !== 'string') return null;
  const stored = Array.isArray(permissions) ? permissions.filter((p): p is string => typeof p === 'string') : [];
  return { username, permissions: rolePermissions(typeof key === 'string' ? key : null, stored) };
}

export async function findAdmin(ctx: Pick<AppContext, 'db'>, username: string): Promise<AdminAccount | null> {
  return repo.findAdminByUsername(ctx.db, username);
}

/** The account when the password is right; null otherwise (unknown accounts cost the same). */
export async function checkPassword(account: AdminAccount | null, password: string): Promise<AdminAccount | null> {
  const matches = await verify(account?.passwordHash ?? (await getDummyHash()), password);
  return account && matches ? account : null;
}

/** The last step of a login once the password was right: a disabled account stays out. */
export async function admitAdmin(ctx: Pick<AppContext, 'db' | 'now'>, account: AdminAccount): Promise<void> {
  if (account.status !== 1) throw invalid('admin.errors.disabled');
  await repo.touchLogin(ctx.db, account.id, ctx.now());
}

/** The staff member behind a session, while the account is enabled. */
export async function findActiveAdmin(ctx: Pick<AppContext, 'db'>, id: number): Promise<{ id: number; username: string } | null> {
  const row = Number.isSafeInteger(id) ? await repo.findActiveAdmin(ctx.db, id) : null;
  return row ? { id: row.id, username: row.username } : null;
}

export async function getProfile(ctx: Pick<AppContext, 'db'>, id: number): Promise<AdminProfile> {
  const admin = Number.isSafeInteger(id) ? await repo.findActiveAdmin(ctx.db, id) : null;
  if (!admin) throw unauthorized('admin.errors.unauthorized');
  return {
    adminId: admin.id,
    username: admin.username,
    role: { roleId: admin.roleId, key: isRoleKey(admin.roleKey) ? admin.roleKey : null, name: admin.roleName },
    permissions: rolePermissions(admin.roleKey, admin.rolePermissions),
  };
}

/** A built-in role's id (the migration wrote the four). */
export async function builtInRoleId(ctx: Pick<AppContext, 'db'>, key: AdminRoleKey): Promise<number> {
  const role = await repo.findRoleByKey(ctx.db, key);
  if (!role) throw new Error(`built-in staff role ${key} is missing`);
  return role.id;
}

/** Creates a staff account (the seed, tests); the password is hashed with argon2id. Super unless a role is given. */
export async function createAdmin(ctx: Pick<AppContext, 'db'>, username: string, password: string, role: AdminRoleKey | number = 'super'): Promise<number> {
  const roleId = typeof role === 'number' ? role : await builtInRoleId(ctx, role);
  const id = await repo.insertAdmin(ctx.db, { username, passwordHash: await hash(password), roleId });
  if (id === null) throw invalid('admin.errors.usernameTaken');
  return id;
}

// ---- Staff management (the staff flows audit each change in its transaction) ----

export function toRole(row: repo.RoleRow): AdminRole {
  return {
    roleId: row.id,
    key: isRoleKey(row.key) ? row.key : null,
    name: row.name,
    permissions: rolePermissions(row.key, row.permissions),
    builtIn: row.key !== null,
    createdAt: formatApiTime(row.createdAt),
  };
}

export function toStaffMember(row: repo.StaffRow): StaffMember {
  return {
    adminId: row.id,
    username: row.username,
    status: row.status,
    role: { roleId: row.roleId, key: isRoleKey(row.roleKey) ? row.roleKey : null, name: row.roleName },
    createdAt: formatApiTime(row.createdAt),
    lastLoginAt: row.lastLoginAt ? formatApiTime(row.lastLoginAt) : null,
  };
}

export async function listStaff(ctx: Pick<AppContext, 'db'>): Promise<StaffMember[]> {
  return (await repo.listStaff(ctx.db)).map(toStaffMember);
}

export async function listRoles(ctx: Pick<AppContext, 'db'>): Promise<AdminRole[]> {
  return (await repo.listRoles(ctx.db)).map(toRole);
}

export async function requireStaff(db: Tx | AppContext['db'], id: number): Promise<repo.StaffRow> {
  const row = await repo.findStaff(db, id);
  if (!row) throw notFound('admin.errors.staffNotFound');
  return row;
}

export async function requireRole(db: Tx | AppContext['db'], id: number): Promise<repo.RoleRow> {
  const row = await repo.findRole(db, id);
  if (!row) throw notFound('admin.errors.roleNotFound');
  return row;
}

/** Inserts an account in the caller's transaction; refuses a taken name. */
export async function insertStaff(tx: Tx, values: { username: string; password: string; roleId: number; at: Date }): Promise<number> {
  const id = await repo.insertAdmin(tx, { username: values.username, passwordHash: await hash(values.password), roleId: values.roleId, createdAt: values.at });
  if (id === null) throw invalid('admin.errors.usernameTaken');
  return id;
}

export const setStaffRole = repo.setStaffRole;
export const setStaffStatus = repo.setStaffStatus;

export async function setStaffPassword(tx: Tx, id: number, password: string): Promise<void> {
  if (!(await repo.setStaffPassword(tx, id, await hash(password)))) throw notFound('admin.errors.staffNotFound');
}

export async function insertRole(tx: Tx, values: { name: string; permissions: string[]; at: Date }): Promise<repo.RoleRow> {
  const row = await repo.insertRole(tx, values);
  if (!row) throw invalid('admin.errors.roleNameTaken');
  return row;
}

export async function updateRole(tx: Tx, id: number, values: { name: string; permissions: string[]; at: Date }): Promise<repo.RoleRow> {
  const current = await requireRole(tx, id);
  if (current.key !== null) throw invalid('admin.errors.builtInRole');
  if (await repo.roleNameTaken(tx, values.name, id)) throw invalid('admin.errors.roleNameTaken');
  const row = await repo.updateRole(tx, id, values);
  if (!row) throw notFound('admin.errors.roleNotFound');
  return row;
}

export { adminGrants, adminIsActive } from './repository.ts';
