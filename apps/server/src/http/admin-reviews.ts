// HTTP for platform staff's review moderation (decision 056): every shop's reviews, and hiding one
// from the product page or showing it again. Admin audience (the /admin/ path); each change is audited.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf } from '@bazaar/shared/schemas/common';
import { AdminReviewIdParamSchema, AdminReviewQuerySchema, AdminReviewSchema, AdminReviewStatusSchema } from '@bazaar/shared/schemas/admin-reviews';
import { moveReviewStatus, pageStaffReviews } from '../flows/staff-reviews.ts';
import { adminId } from '../plugins/auth.ts';

const tags = ['admin: reviews'];
const security = [{ token: [] }];

export async function adminReviewRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.get(
    '/admin/reviews',
    {
      config: { permission: 'reviews.moderate' },
      schema: {
        summary: "A page of every shop's reviews, newest first: by shop, status, evaluation (or with pictures), reply and product name",
        description: "Hidden reviews are listed too unless filtered out; an anonymous reviewer's nickname is masked.",
        tags,
        security,
        querystring: AdminReviewQuerySchema,
        response: { 200: pageOf(AdminReviewSchema) },
      },
    },
    (request) => pageStaffReviews(ctx, request.query, request.lang),
  );
  api.put(
    '/admin/reviews/:commId/status',
    {
      config: { permission: 'reviews.moderate' },
      schema: {
        summary: "Hide a review from the product page (0) or show it again (1); the same status again changes nothing. Answers the review",
        tags,
        security,
        params: AdminReviewIdParamSchema,
        body: AdminReviewStatusSchema,
        response: { 200: AdminReviewSchema },
      },
    },
    (request) => moveReviewStatus(ctx, adminId(request), request.params.commId, request.body.status, request.lang),
  );
}
