// The sandbox gateways' identities: the Alipay app's and gateway's RSA key pairs, the WeChat
// platform's key pair and an APIv3 key. Made once per database and kept in site_config
// (insert if absent, then read back), so every API instance signs and verifies alike.
import { generateKeyPair, randomBytes, randomInt } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { siteConfig } from '../../db/schema.ts';

export const SANDBOX_KEYS_CONFIG = 'paymentSandboxKeys';

const SandboxKeysSchema = z.object({
  alipay: z.object({
    appId: z.string(),
    sellerId: z.string(),
    appPrivateKey: z.string(),
    appPublicKey: z.string(),
    gatewayPrivateKey: z.string(),
    gatewayPublicKey: z.string(),
  }),
  wechat: z.object({
    mchId: z.string(),
    appId: z.string(),
    apiV3Key: z.string().length(32),
    platformPrivateKey: z.string(),
    platformPublicKey: z.string(),
    platformSerialNo: z.string(),
  }),
});
export type SandboxKeys = z.infer<typeof SandboxKeysSchema>;

const generate = promisify(generateKeyPair);

async function rsaPair(): Promise<{ privateKey: string; publicKey: string }> {
  return generate('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

async function makeKeys(): Promise<SandboxKeys> {
  const [app, gateway, platform] = await Promise.all([rsaPair(), rsaPair(), rsaPair()]);
  return {
    alipay: {
      appId: `902100${randomInt(1e9, 1e10 - 1)}`,
      sellerId: `2088${randomInt(1e11, 1e12 - 1)}`,
      appPrivateKey: app.privateKey,
      appPublicKey: app.publicKey,
      gatewayPrivateKey: gateway.privateKey,
      gatewayPublicKey: gateway.publicKey,
    },
    wechat: {
      mchId: String(randomInt(1e9, 2e9)),
      appId: `wx${randomBytes(8).toString('hex')}`,
      apiV3Key: randomBytes(16).toString('hex'),
      platformPrivateKey: platform.privateKey,
      platformPublicKey: platform.publicKey,
      platformSerialNo: randomBytes(20).toString('hex').toUpperCase(),
    },
  };
}

async function readKeys(db: Db): Promise<SandboxKeys | undefined> {
  const [row] = await db.select({ value: siteConfig.value }).from(siteConfig).where(eq(siteConfig.key, SANDBOX_KEYS_CONFIG));
  return row ? SandboxKeysSchema.parse(row.value) : undefined;
}

/** The sandbox keys of this database, created by whichever instance comes first. */
export async function loadSandboxKeys(db: Db): Promise<SandboxKeys> {
  const existing = await readKeys(db);
  if (existing) return existing;
  await db.insert(siteConfig).values({ key: SANDBOX_KEYS_CONFIG, value: await makeKeys() }).onConflictDoNothing();
  const stored = await readKeys(db);
  if (!stored) throw new Error('sandbox payment keys could not be stored');
  return stored;
}
