// The only reader of process.env in the server. Parsed once at start.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SMS_PER_IP_PER_HOUR } from '@bazaar/shared/constants/limits';
import { CHAT_RATE_MAX, CHAT_SERVICE_IDLE_SECONDS_DEFAULT } from '@bazaar/shared/constants/chat';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** The listening address: loopback only unless opened wider (0.0.0.0, ::, an interface address). */
  HOST: z.string().default('127.0.0.1'),
  /**
   * Addresses (IPs, CIDRs or proxy-addr names such as loopback) whose X-Forwarded-For is believed.
   * The default is the storefront's own proxy on this machine.
   */
  TRUSTED_PROXIES: z
    .string()
    .default('loopback')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)),
  /**
   * Who may use the sandbox providers' pages (SMS inbox, payment cashier): unset or `loopback` =
   * clients on this machine only, `true` = everyone. In production a sandbox in use needs this set.
   */
  SANDBOX_PROVIDERS: z.enum(['true', 'loopback']).optional(),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  WEB_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('data'),
  /**
   * Uploaded files in an S3-compatible bucket (MinIO, Aliyun OSS, AWS S3) instead of DATA_DIR, so
   * several API instances share them: endpoint, bucket and both keys together (decision 025).
   */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** Bucket in the URL path (MinIO; the default) or, with false, in the host name (Aliyun OSS, AWS). */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** A key prefix inside the bucket (one bucket for several malls). */
  S3_PREFIX: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Log every request and answer (at info). `npm start` turns it off unless LOG_LEVEL is set, so
   * its addresses banner is not scrolled away by page loads.
   */
  LOG_REQUESTS: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** The storefront's public origin, for links the server builds (sandbox pages, CORS). */
  PUBLIC_WEB_URL: z.string().url().optional(),
  /** Ports of the merchant center and the platform console, for the default CORS origins. */
  MERCHANT_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  PLATFORM_PORT: z.coerce.number().int().min(0).max(65535).default(3002),
  /**
   * Browser origins allowed to call this API directly (comma-separated). By default the storefront
   * (PUBLIC_WEB_URL, or localhost/127.0.0.1 on WEB_PORT), the merchant center and the console.
   */
  CORS_ORIGINS: z
    .string()
    .transform((v) => v.split(',').map((s) => s.trim().replace(/\/+$/, '')).filter(Boolean))
    .optional(),
  /** Real SMS adapter (Aliyun). When all three are set the sandbox and its inbox are gone. */
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
  /** The Aliyun template of the after-sales reminders (variables refundSn, deadline, action); unset: reminders stay in the user and merchant centers. */
  ALIYUN_SMS_NOTICE_TEMPLATE: z.string().optional(),
  /** The Aliyun template of a flash sale's start reminder (variables name, time); unset: the "remind me" SMS is not sent on a real gateway. */
  ALIYUN_SMS_SECKILL_TEMPLATE: z.string().optional(),
  /** The Aliyun template telling a group-buy member their team failed and was refunded (variables name, refundSn); unset: not sent by SMS. */
  ALIYUN_SMS_GROUP_TEMPLATE: z.string().optional(),
  /** An unpaid order is cancelled (and its stock released) this long after it was placed. */
  ORDER_UNPAID_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(30),
  /** A platform customer-service consultation idle this long expires (chat code 16; decision 063). */
  CHAT_SERVICE_IDLE_SECONDS: z.coerce.number().int().min(5).max(7 * 24 * 3600).default(CHAT_SERVICE_IDLE_SECONDS_DEFAULT),
  /** Chat messages one account (shopper, merchant account, staff member) may send per 10 s, over every instance. */
  CHAT_MESSAGES_PER_10S: z.coerce.number().int().min(1).max(100_000).default(CHAT_RATE_MAX),
  /** A shipped order is received automatically this long after shipment. */
  ORDER_AUTO_RECEIPT_DAYS: z.coerce.number().int().min(1).max(90).default(15),
  /**
   * Fen: a manual balance adjustment whose absolute amount is above this waits for a second
   * finance staff member's approval (issue 25, decision 058); at or below it moves at once.
   */
  BALANCE_APPROVAL_THRESHOLD_FEN: z.coerce.number().int().min(0).max(100_000_000).default(100_000),
  /** Run the background job sweeper in this process (auto-cancel, auto-receipt, courier updates). */
  JOBS_ENABLED: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * Flash-sale order writers this API process runs (decision 062): each reads the gate's queue and
   * writes orders in batches. 0 = none here (other instances or a writer process write them).
   */
  SECKILL_WRITERS: z.coerce.number().int().min(0).max(16).default(1),
  /** The courier sandbox moves each package one step (collected, in transit..., signed) this often. */
  COURIER_SANDBOX_STEP_SECONDS: z.coerce.number().int().min(1).max(7 * 86_400).default(3 * 3600),
  /** Real courier tracking (Kuaidi100 query API). When customer and key are set the sandbox is gone. */
  KUAIDI100_CUSTOMER: z.string().optional(),
  KUAIDI100_KEY: z.string().optional(),
  KUAIDI100_ENDPOINT: z.string().url().optional(),
  /** How often a real waybill is queried again until it is signed. */
  COURIER_POLL_MINUTES: z.coerce.number().int().min(5).max(24 * 60).default(120),
  /** Real Alipay (PC page pay). When the app id and both keys are set the sandbox cashier is gone. */
  ALIPAY_APP_ID: z.string().optional(),
  /** The app's RSA2 private key (PKCS#8 PEM, or its bare base64 as Alipay's tool prints it). */
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  /** Alipay's public key, which signs the notifications. */
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_GATEWAY_URL: z.string().url().default('https://openapi.alipay.com/gateway.do'),
  /** Real WeChat Pay (API v3, Native QR). When all six are set the sandbox QR page is gone. */
  WECHAT_PAY_MCH_ID: z.string().optional(),
  WECHAT_PAY_APP_ID: z.string().optional(),
  /** The 32-byte APIv3 key that encrypts notification resources. */
  WECHAT_PAY_APIV3_KEY: z.string().optional(),
  /** The merchant's API private key (PEM) and its certificate serial number, to sign requests. */
  WECHAT_PAY_PRIVATE_KEY: z.string().optional(),
  WECHAT_PAY_SERIAL_NO: z.string().optional(),
  /** WeChat Pay's platform public key (PEM), which signs answers and notifications. */
  WECHAT_PAY_PLATFORM_PUBLIC_KEY: z.string().optional(),
  WECHAT_PAY_BASE_URL: z.string().url().default('https://api.mch.weixin.qq.com'),
  /** How long the sandbox gateways take to complete a refund (decision 060); 0 = at once (answered "processing" first all the same). */
  SANDBOX_REFUND_DELAY_MS: z.coerce.number().int().min(0).default(0),
  /** SMS codes one client address may request per hour (the browser journeys send many from one address). */
  SMS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(SMS_PER_IP_PER_HOUR),
  /** Logins and code checks (shopper, SMS, merchant, staff) one client address may try per minute. */
  LOGIN_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Searches one client address may run per minute. */
  SEARCH_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /**
   * How old the in-memory search index may be before a keyword search reads the products changed
   * since (decision 050); writers that drop the search caches make the next search read at once.
   * 0 = before every keyword search (the tests, which write products directly).
   */
  SEARCH_INDEX_SYNC_MS: z.coerce.number().int().min(0).default(1000),
  /** Payment notifications one address may post per minute (gateways send from a few addresses). */
  PAYMENT_NOTICE_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Image uploads (avatars, review pictures, store documents) one client address may send per minute: each writes up to 2 MB to disk. */
  UPLOAD_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /**
   * After-sales periods shortened for tests and journeys (decision 059): each, when set, replaces
   * its platform setting, in seconds: the apply window after receipt, the seller's handling, the
   * buyer's return shipment, the seller's receipt, and the reminder's lead before a deadline.
   */
  AFTERSALE_APPLY_SECONDS: z.coerce.number().int().min(1).optional(),
  AFTERSALE_SELLER_HANDLE_SECONDS: z.coerce.number().int().min(1).optional(),
  AFTERSALE_BUYER_SHIP_SECONDS: z.coerce.number().int().min(1).optional(),
  AFTERSALE_SELLER_RECEIVE_SECONDS: z.coerce.number().int().min(1).optional(),
  AFTERSALE_REMINDER_SECONDS: z.coerce.number().int().min(1).optional(),
  /**
   * For tests and demonstrations: every group-buy team stays open this many seconds after its leader
   * pays, instead of its activity's validity (decision 065). Unset: the activity's group_valid_time.
   */
  GROUP_TEAM_VALID_SECONDS: z.coerce.number().int().min(1).max(30 * 86_400).optional(),
  /** Seed the demo mall on first start (default on; off for a production database). */
  SEED_ON_START: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});

export type Env = z.infer<typeof EnvSchema> & { dataDir: string };

/** The browser origins CORS lets call the API: CORS_ORIGINS, or the storefront and the consoles on this machine. */
export function corsOrigins(env: Env): string[] {
  if (env.CORS_ORIGINS) return env.CORS_ORIGINS;
  const local = [env.WEB_PORT, env.MERCHANT_PORT, env.PLATFORM_PORT].flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);
  return [...(env.PUBLIC_WEB_URL ? [new URL(env.PUBLIC_WEB_URL).origin] : []), ...local];
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.parse(cleaned);
  return { ...parsed, dataDir: path.resolve(REPO_ROOT, parsed.DATA_DIR) };
}
