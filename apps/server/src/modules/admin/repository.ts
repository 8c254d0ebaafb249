// Platform staff accounts and their roles. Nothing here knows HTTP.
import { and, asc, eq, isNull, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { adminRoles, adminUsers } from '../../db/schema/admin.ts';

type Queryable = Db | Tx;

export async function findAdminByUsername(db: Queryable, username: string) {
  const [row] = await db
    .select()
    .from(adminUsers)
    .where(eq(sql`lower(${adminUsers.username})`, username.toLowerCase()))
    .limit(1);
  return row ?? null;
}

const roleColumns = { roleId: adminRoles.id, roleKey: adminRoles.key, roleName: adminRoles.name, rolePermissions: adminRoles.permissions };

export async function findActiveAdmin(db: Queryable, id: number) {
  const [row] = await db
    .select({ id: adminUsers.id, username: adminUsers.username, ...roleColumns })
    .from(adminUsers)
    .innerJoin(adminRoles, eq(adminRoles.id, adminUsers.roleId))
    .where(and(eq(adminUsers.id, id), eq(adminUsers.status, 1)))
    .limit(1);
  return row ?? null;
}

/** A new account; null when the user name (any case) is taken. */
export async function insertAdmin(db: Queryable, values: { username: string; passwordHash: string; roleId: number; createdAt?: Date }) {
  const [row] = await db.insert(adminUsers).values(values).onConflictDoNothing().returning({ id: adminUsers.id });
  return row?.id ?? null;
}

export async function touchLogin(db: Queryable, id: number, now: Date) {
  await db.update(adminUsers).set({ lastLoginAt: now }).where(eq(adminUsers.id, id));
}

/** Named query for the session lookup (decision 015): the staff account of this id is enabled. */
export const adminIsActive = (id: AnyColumn): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${adminUsers} where ${adminUsers.id}::text = ${id} and ${adminUsers.status} = 1)`;

/**
 * Named query for the session lookup (decision 057): the enabled staff member's name, role key and
 * role permissions as one JSON value, read in the same statement as the token, so a role or
 * permission change applies on the next request on every instance at no extra round trip.
 */
export const adminGrants = (id: AnyColumn): SQL<unknown> =>
  sql`(select json_build_object('username', u.username, 'key', r.key, 'permissions', r.permissions)
        from ${adminUsers} u join ${adminRoles} r on r.id = u.role_id
       where u.id::text = ${id} and u.status = 1)`;

// ---- Staff management ----

export async function listStaff(db: Queryable) {
  return db
    .select({ id: adminUsers.id, username: adminUsers.username, status: adminUsers.status, createdAt: adminUsers.createdAt, lastLoginAt: adminUsers.lastLoginAt, ...roleColumns })
    .from(adminUsers)
    .innerJoin(adminRoles, eq(adminRoles.id, adminUsers.roleId))
    .orderBy(asc(adminUsers.id));
}
export type StaffRow = Awaited<ReturnType<typeof listStaff>>[number];

export async function findStaff(db: Queryable, id: number): Promise<StaffRow | null> {
  const [row] = await db
    .select({ id: adminUsers.id, username: adminUsers.username, status: adminUsers.status, createdAt: adminUsers.createdAt, lastLoginAt: adminUsers.lastLoginAt, ...roleColumns })
    .from(adminUsers)
    .innerJoin(adminRoles, eq(adminRoles.id, adminUsers.roleId))
    .where(eq(adminUsers.id, id))
    .limit(1);
  return row ?? null;
}

/** Moves the account to a role (its row locked for the transaction); the role it had, or null when missing. */
export async function setStaffRole(tx: Tx, id: number, roleId: number): Promise<{ before: number } | null> {
  const [prev] = await tx.select({ roleId: adminUsers.roleId }).from(adminUsers).where(eq(adminUsers.id, id)).for('update');
  if (!prev) return null;
  if (prev.roleId !== roleId) await tx.update(adminUsers).set({ roleId }).where(eq(adminUsers.id, id));
  return { before: prev.roleId };
}

/** Sets the status when it differs; false when the account is missing or already in it. */
export async function setStaffStatus(tx: Tx, id: number, status: 0 | 1): Promise<boolean> {
  const rows = await tx
    .update(adminUsers)
    .set({ status })
    .where(and(eq(adminUsers.id, id), ne(adminUsers.status, status)))
    .returning({ id: adminUsers.id });
  return rows.length > 0;
}

export async function setStaffPassword(tx: Tx, id: number, passwordHash: string): Promise<boolean> {
  const rows = await tx.update(adminUsers).set({ passwordHash }).where(eq(adminUsers.id, id)).returning({ id: adminUsers.id });
  return rows.length > 0;
}

// ---- Roles ----

const roleRow = { id: adminRoles.id, key: adminRoles.key, name: adminRoles.name, permissions: adminRoles.permissions, createdAt: adminRoles.createdAt };

export async function listRoles(db: Queryable) {
  return db.select(roleRow).from(adminRoles).orderBy(asc(adminRoles.id));
}
export type RoleRow = Awaited<ReturnType<typeof listRoles>>[number];

export async function findRole(db: Queryable, id: number): Promise<RoleRow | null> {
  const [row] = await db.select(roleRow).from(adminRoles).where(eq(adminRoles.id, id)).limit(1);
  return row ?? null;
}

export async function findRoleByKey(db: Queryable, key: string): Promise<RoleRow | null> {
  const [row] = await db.select(roleRow).from(adminRoles).where(eq(adminRoles.key, key)).limit(1);
  return row ?? null;
}

/** A new added role; null when the name (any case) is taken. */
export async function insertRole(tx: Tx, values: { name: string; permissions: string[]; at: Date }): Promise<RoleRow | null> {
  const [row] = await tx
    .insert(adminRoles)
    .values({ name: values.name, permissions: values.permissions, createdAt: values.at, updatedAt: values.at })
    .onConflictDoNothing()
    .returning(roleRow);
  return row ?? null;
}

/** Rewrites an added role (never a built-in one); null when there is no such added role. */
export async function updateRole(tx: Tx, id: number, values: { name: string; permissions: string[]; at: Date }): Promise<RoleRow | null> {
  const [row] = await tx
    .update(adminRoles)
    .set({ name: values.name, permissions: values.permissions, updatedAt: values.at })
    .where(and(eq(adminRoles.id, id), isNull(adminRoles.key)))
    .returning(roleRow);
  return row ?? null;
}

export async function roleNameTaken(db: Queryable, name: string, exceptId: number | null): Promise<boolean> {
  const [row] = await db
    .select({ id: adminRoles.id })
    .from(adminRoles)
    .where(and(eq(sql`lower(${adminRoles.name})`, name.toLowerCase()), exceptId === null ? undefined : ne(adminRoles.id, exceptId)))
    .limit(1);
  return Boolean(row);
}
