// The staff audit log (issue 10): who changed what, when, with the fields before and after.
// Written inside the transaction of the change it records, so a change and its entry stand or
// fall together; read by the platform console.
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Page } from '@bazaar/shared/schemas/common';
import type { AuditAction, AuditLog, AuditLogQuery } from '@bazaar/shared/schemas/shop-application';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { auditLogs } from '../../db/schema/audit.ts';
import { formatApiTime } from '../../lib/api-time.ts';

export interface AuditEntry {
  admin: { id: number; username: string };
  action: AuditAction;
  targetType: string;
  targetId: string | number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export async function recordChange(tx: Tx, entry: AuditEntry, at: Date): Promise<void> {
  await tx.insert(auditLogs).values({
    adminId: entry.admin.id,
    adminName: entry.admin.username,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before,
    after: entry.after,
    createdAt: at,
  });
}

/**
 * A refused staff request (decision 057): nothing changed, so it stands alone, outside any
 * transaction. The target is the route; `after` says what it needs and what the role holds.
 */
export async function recordRefusal(
  ctx: Pick<AppContext, 'db'>,
  entry: { admin: { id: number; username: string }; route: string; needed: unknown; held: string[] },
  at: Date,
): Promise<void> {
  await ctx.db.insert(auditLogs).values({
    adminId: entry.admin.id,
    adminName: entry.admin.username.slice(0, 32),
    action: 'permission.denied' satisfies AuditAction,
    targetType: 'route',
    targetId: entry.route,
    before: null,
    after: { needed: entry.needed, held: entry.held },
    createdAt: at,
  });
}

/** Newest first; only one staff member's entries when `adminId` is given (a role without audit.read). */
export async function pageAuditLogs(ctx: Pick<AppContext, 'db'>, query: AuditLogQuery, adminId: number | null = null): Promise<Page<AuditLog>> {
  const where = and(query.action ? eq(auditLogs.action, query.action) : undefined, adminId === null ? undefined : eq(auditLogs.adminId, adminId));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(auditLogs)
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(query.size)
      .offset((query.current - 1) * query.size),
    ctx.db.select({ n: count() }).from(auditLogs).where(where),
  ]);
  const n = total?.n ?? 0;
  return {
    records: rows.map((r) => ({
      id: r.id,
      adminId: r.adminId,
      adminName: r.adminName,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      before: r.before ?? null,
      after: r.after ?? null,
      createdAt: formatApiTime(r.createdAt),
    })),
    total: n,
    size: query.size,
    current: query.current,
    pages: Math.ceil(n / query.size),
  };
}

/**
 * The `after` of the newest entry of `action` on each of these targets, by target id: a decision's
 * reason where the log is the only place it is kept (a group activity's offline reason, issue 29).
 */
export async function latestAfterOf(db: Pick<AppContext, 'db'>['db'], action: AuditAction, targetType: string, targetIds: Array<string | number>): Promise<Map<string, Record<string, unknown>>> {
  const ids = [...new Set(targetIds.map(String))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([auditLogs.targetId], { targetId: auditLogs.targetId, after: auditLogs.after })
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.targetType, targetType), inArray(auditLogs.targetId, ids)))
    .orderBy(auditLogs.targetId, desc(auditLogs.id));
  return new Map(rows.map((r) => [r.targetId, r.after ?? {}]));
}
