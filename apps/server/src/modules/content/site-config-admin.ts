// The site configuration as staff edit it (issue 10): the web config, the terms texts, the
// service and pay switches. Each write takes the flow's transaction (flows/content-admin.ts, which
// writes the audit log) and, once committed, the flow drops the parsed config on every instance
// (dropSiteConfigCache), so the next storefront request reads the new value. The browsers' own
// 5-hour pay-switch copy (specification section 9) is theirs; the pay call itself reads the
// server's value, so a disabled method is refused at once.
import { eq, sql } from 'drizzle-orm';
import {
  PaySwitchSchema,
  ServiceSwitchSchema,
  WebConfigSchema,
  type PaySwitch,
  type ServiceSwitch,
  type WebConfig,
} from '@bazaar/shared/schemas/site';
import { TermsInputSchema, type AdminSiteConfig, type TermsInput, type WebConfigInput } from '@bazaar/shared/schemas/platform-content';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { siteConfig } from '../../db/schema/content.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { CONFIG_KEYS } from './config-keys.ts';
import { SITE_CONFIG_CACHE } from './service.ts';

const EMPTY_WEB_CONFIG: WebConfig = {
  pcWelcomeCn: '',
  pcWelcomeEn: '',
  pcLogoImgText: '',
  pcCompanyInfoCn: '',
  pcCompanyInfoEn: '',
  pcTitleImg: '',
  pcRecordNumber: '',
  pcRecordUrl: '',
  merchantUrl: '',
};
const EMPTY_TERMS: TermsInput = { zh: { title: '', content: '' }, en: { title: '', content: '' } };

/** Reads a key, locked for the rest of the transaction when `tx` is one (a writer's "before"). */
async function readValue(db: Db | Tx, key: string, lock: boolean): Promise<unknown> {
  const select = db.select({ value: siteConfig.value }).from(siteConfig).where(eq(siteConfig.key, key));
  const [row] = lock ? await select.for('update') : await select;
  return row?.value;
}

async function writeValue(tx: Tx, key: string, value: unknown, now: Date): Promise<void> {
  await tx
    .insert(siteConfig)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: siteConfig.key, set: { value: sql`excluded.value`, updatedAt: now } });
}

const webConfigOf = (v: unknown): WebConfig => ({ ...EMPTY_WEB_CONFIG, ...(WebConfigSchema.partial().safeParse(v).data ?? {}) });
const serviceSwitchOf = (v: unknown): ServiceSwitch => ServiceSwitchSchema.safeParse(v).data ?? { serviceTermsSwitch: false, privacyPolicySwitch: false };
const paySwitchOf = (v: unknown): PaySwitch => PaySwitchSchema.safeParse(v).data ?? { aliPaySwitch: false, wxPaySwitch: false, balancePaySwitch: false };
const termsOf = (v: unknown): TermsInput => {
  const parsed = TermsInputSchema.partial().safeParse(v).data;
  return { zh: parsed?.zh ?? EMPTY_TERMS.zh, en: parsed?.en ?? EMPTY_TERMS.en };
};

/** Everything the console's site-config page edits, as stored. */
export async function readSiteConfig(db: Db): Promise<AdminSiteConfig> {
  const [web, service, pay, terms, privacy] = await Promise.all(
    [CONFIG_KEYS.webConfig, CONFIG_KEYS.serviceSwitch, CONFIG_KEYS.paySwitch, CONFIG_KEYS.serviceTerms, CONFIG_KEYS.privacyPolicy].map((key) => readValue(db, key, false)),
  );
  return { webConfig: webConfigOf(web), serviceSwitch: serviceSwitchOf(service), paySwitch: paySwitchOf(pay), serviceTerms: termsOf(terms), privacyPolicy: termsOf(privacy) };
}

/** Only the fields that changed, before and after: what the audit log keeps. */
export function changedFields<T extends object>(before: T, after: T): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}

/** The staff-editable part of the web config; the merchant link stays the deployment's. */
export async function writeWebConfig(tx: Tx, input: WebConfigInput, now: Date): Promise<{ before: WebConfig; after: WebConfig }> {
  const before = webConfigOf(await readValue(tx, CONFIG_KEYS.webConfig, true));
  const after: WebConfig = { ...before, ...input };
  await writeValue(tx, CONFIG_KEYS.webConfig, after, now);
  return { before, after };
}

export async function writeServiceSwitch(tx: Tx, input: ServiceSwitch, now: Date): Promise<{ before: ServiceSwitch; after: ServiceSwitch }> {
  const before = serviceSwitchOf(await readValue(tx, CONFIG_KEYS.serviceSwitch, true));
  const after: ServiceSwitch = { serviceTermsSwitch: input.serviceTermsSwitch, privacyPolicySwitch: input.privacyPolicySwitch };
  await writeValue(tx, CONFIG_KEYS.serviceSwitch, after, now);
  return { before, after };
}

export async function writePaySwitch(tx: Tx, input: PaySwitch, now: Date): Promise<{ before: PaySwitch; after: PaySwitch }> {
  const before = paySwitchOf(await readValue(tx, CONFIG_KEYS.paySwitch, true));
  const after: PaySwitch = { aliPaySwitch: input.aliPaySwitch, wxPaySwitch: input.wxPaySwitch, balancePaySwitch: input.balancePaySwitch };
  await writeValue(tx, CONFIG_KEYS.paySwitch, after, now);
  return { before, after };
}

/** The terms' HTML is cleaned once, here; the storefront renders it as it is stored. */
export async function writeTerms(tx: Tx, kind: 'serviceTerms' | 'privacyPolicy', input: TermsInput, now: Date): Promise<{ before: TermsInput; after: TermsInput }> {
  const before = termsOf(await readValue(tx, CONFIG_KEYS[kind], true));
  const clean = (t: TermsInput['zh']) => ({ title: t.title, content: sanitizeRichText(t.content) });
  const after: TermsInput = { zh: clean(input.zh), en: clean(input.en) };
  await writeValue(tx, CONFIG_KEYS[kind], after, now);
  return { before, after };
}

/** Drops the parsed configuration here and, through Redis, on every other instance. */
export async function dropSiteConfigCache(ctx: Pick<AppContext, 'caches'>): Promise<void> {
  await ctx.caches.invalidate(SITE_CONFIG_CACHE);
}
