// The options of a group of staff routes (decision 057): every route of the group needs the same
// permission and sits under the same docs tag behind the token; each adds its summary and schemas.
import type { FastifyContextConfig, FastifySchema } from 'fastify';

const security = [{ token: [] }];

export function staffRouteGroup(group: { tag: string; permission: NonNullable<FastifyContextConfig['permission']> }) {
  const config = { permission: group.permission };
  const tags = [group.tag];
  return <S extends Omit<FastifySchema, 'summary' | 'tags' | 'security'>>(summary: string, schema: S = {} as S) => ({ config, schema: { summary, tags, security, ...schema } });
}
