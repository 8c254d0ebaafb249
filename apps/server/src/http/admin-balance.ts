// HTTP for platform staff and the balance (issue 12): the top-up presets, and a shopper's balance
// moved by hand with a reason (from the users page). Admin audience (the /admin/ path); audited.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UserIdParamSchema } from '@bazaar/shared/schemas/admin-users';
import {
  AdminBalanceAdjustResultSchema,
  AdminBalanceOptionSchema,
  AdminUserBalanceSchema,
  BalanceAdjustSchema,
  BalanceOptionInputSchema,
  BalanceOptionStatusSchema,
  BalanceRejectSchema,
  BalanceRequestIdParamSchema,
  BalanceRequestPageSchema,
  BalanceRequestQuerySchema,
  BalanceRequestSchema,
} from '@bazaar/shared/schemas/balance';
import { IdParamSchema } from '@bazaar/shared/schemas/common';
import {
  adjustUserBalance,
  createBalanceOption,
  decideBalanceRequest,
  getUserBalance,
  listBalanceOptionsForStaff,
  pageBalanceRequests,
  updateBalanceOption,
} from '../flows/balance-admin.ts';
import { adminId } from '../plugins/auth.ts';

const tags = ['admin: balance'];
const security = [{ token: [] }];

export async function adminBalanceRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/admin/balance/options',
    { config: { permission: 'balance.options' }, schema: { summary: 'Every top-up preset, on and off', tags, security, response: { 200: z.array(AdminBalanceOptionSchema) } } },
    () => listBalanceOptionsForStaff(ctx),
  );
  api.post(
    '/admin/balance/options',
    { config: { permission: 'balance.options' }, schema: { summary: 'Add a top-up preset: pay an amount, get extra balance, points or growth (audited)', tags, security, body: BalanceOptionInputSchema, response: { 200: AdminBalanceOptionSchema } } },
    (request) => createBalanceOption(ctx, adminId(request), request.body),
  );
  api.put(
    '/admin/balance/options/:id',
    { config: { permission: 'balance.options' }, schema: { summary: 'Edit a top-up preset (audited)', tags, security, params: IdParamSchema, body: BalanceOptionInputSchema, response: { 200: AdminBalanceOptionSchema } } },
    (request) => updateBalanceOption(ctx, adminId(request), request.params.id, request.body),
  );
  api.put(
    '/admin/balance/options/:id/status',
    { config: { permission: 'balance.options' }, schema: { summary: 'Turn a top-up preset on or off (audited)', tags, security, params: IdParamSchema, body: BalanceOptionStatusSchema, response: { 200: AdminBalanceOptionSchema } } },
    (request) => updateBalanceOption(ctx, adminId(request), request.params.id, request.body),
  );
  api.get(
    '/admin/users/:userId/balance',
    { config: { permission: ['users.read', 'users.balance.adjust'] }, schema: { summary: 'A shopper’s balance in fen, and the approval threshold above which a change waits for a second finance approval', tags, security, params: UserIdParamSchema, response: { 200: AdminUserBalanceSchema } } },
    (request) => getUserBalance(ctx, request.params.userId),
  );
  api.post(
    '/admin/users/:userId/balance',
    {
      config: { permission: 'users.balance.adjust' },
      schema: {
        summary:
          'Add (positive) or deduct (negative) yuan from a shopper’s balance with a reason: a ledger record and an audit entry; above the approval threshold only a pending request (pending: true)',
        tags,
        security,
        params: UserIdParamSchema,
        body: BalanceAdjustSchema,
        response: { 200: AdminBalanceAdjustResultSchema },
      },
    },
    (request) => adjustUserBalance(ctx, adminId(request), request.params.userId, request.body),
  );

  // Four eyes on money (issue 25, decision 058): large adjustments wait for a second finance staff member.
  api.get(
    '/admin/balance/requests',
    {
      config: { permission: ['users.balance.approve', 'users.balance.adjust'] },
      schema: { summary: 'Balance adjustment requests: pending first, by status', tags, security, querystring: BalanceRequestQuerySchema, response: { 200: BalanceRequestPageSchema } },
    },
    (request) => pageBalanceRequests(ctx, adminId(request), request.query),
  );
  api.post(
    '/admin/balance/requests/:id/approve',
    {
      config: { permission: 'users.balance.approve' },
      schema: {
        summary: 'Approve another staff member’s pending adjustment: the money moves once, with its ledger record (audited)',
        tags,
        security,
        params: BalanceRequestIdParamSchema,
        response: { 200: BalanceRequestSchema },
      },
    },
    (request) => decideBalanceRequest(ctx, adminId(request), request.params.id, { approve: true }),
  );
  api.post(
    '/admin/balance/requests/:id/reject',
    {
      config: { permission: 'users.balance.approve' },
      schema: {
        summary: 'Reject another staff member’s pending adjustment with a reason; nothing moves (audited)',
        tags,
        security,
        params: BalanceRequestIdParamSchema,
        body: BalanceRejectSchema,
        response: { 200: BalanceRequestSchema },
      },
    },
    (request) => decideBalanceRequest(ctx, adminId(request), request.params.id, { approve: false, reason: request.body.reason }),
  );
}
