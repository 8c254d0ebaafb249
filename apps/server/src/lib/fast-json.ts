// A hot route's answer written by fast-json-stringify from its zod response schema (decision 049):
// the same JSON as the zod serializer (fields the schema does not name are left out, optional ones
// only when present), without zod building a checked copy of the answer first. `check` (tests and
// development) still runs the zod check, so an answer that breaks its schema fails there as before.
import fastJson from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;
type RouteSerializerCompiler = (route: { schema: unknown; method: string; url: string }) => Serialize;

const compiled = new WeakMap<z.ZodType, Serialize>();

/** The fast-json-stringify function of a zod schema (JSON Schema of its output side), built once per schema. */
export function fastStringify(schema: z.ZodType): Serialize {
  let stringify = compiled.get(schema);
  if (!stringify) {
    stringify = fastJson(z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }) as Parameters<typeof fastJson>[0]) as Serialize;
    compiled.set(schema, stringify);
  }
  return stringify;
}

/**
 * A route's `serializerCompiler`: fast-json-stringify for its zod response schemas. For schemas
 * without transforms, defaults or refinements (plain objects, arrays, scalars), which is what a
 * hot answer should be; with `check`, each answer is also checked by zod first.
 */
export function fastSerializerCompiler({ check }: { check: boolean }): RouteSerializerCompiler {
  return ({ schema, method, url }) => {
    const zodSchema = schema as z.ZodType;
    const stringify = fastStringify(zodSchema);
    if (!check) return stringify;
    return (data) => {
      const result = zodSchema.safeParse(data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return stringify(data);
    };
  };
}
