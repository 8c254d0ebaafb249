// The only reader of process.env in the server. Parsed once at start.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  WEB_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The storefront's public origin, for links the server builds (sandbox pages, CORS). */
  PUBLIC_WEB_URL: z.string().url().optional(),
  /** Real SMS adapter (Aliyun). When all three are set the sandbox and its inbox are gone. */
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
  /** Seed the demo mall on first start (default on; off for a production database). */
  SEED_ON_START: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});

export type Env = z.infer<typeof EnvSchema> & { dataDir: string };

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.parse(cleaned);
  return { ...parsed, dataDir: path.resolve(REPO_ROOT, parsed.DATA_DIR) };
}
