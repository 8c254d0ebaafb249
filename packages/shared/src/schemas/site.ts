import { z } from 'zod';
import { textInput } from './text.ts';

export const WebConfigSchema = z.object({
  pcWelcomeCn: z.string(),
  pcWelcomeEn: z.string(),
  pcLogoImgText: z.string(),
  pcCompanyInfoCn: z.string(),
  pcCompanyInfoEn: z.string(),
  pcTitleImg: z.string(),
  pcRecordNumber: z.string(),
  pcRecordUrl: z.string(),
  merchantUrl: z.string(),
});
export type WebConfig = z.infer<typeof WebConfigSchema>;

/**
 * The /invite page (investor relations and the invitation to merchants), set by platform staff
 * in both languages. The contents are HTML, cleaned by the API like notices.
 */
export const InviteConfigSchema = z.object({
  inviteTitleCn: z.string(),
  inviteTitleEn: z.string(),
  inviteContentCn: z.string(),
  inviteContentEn: z.string(),
});
export type InviteConfig = z.infer<typeof InviteConfigSchema>;

export const ServiceSwitchSchema = z.object({
  serviceTermsSwitch: z.boolean(),
  privacyPolicySwitch: z.boolean(),
});
export type ServiceSwitch = z.infer<typeof ServiceSwitchSchema>;

export const PaySwitchSchema = z.object({
  aliPaySwitch: z.boolean(),
  wxPaySwitch: z.boolean(),
  balancePaySwitch: z.boolean(),
});
export type PaySwitch = z.infer<typeof PaySwitchSchema>;

export const TermsSchema = z.object({ title: z.string(), content: z.string() });

export const NoticeSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  publishTime: z.string(),
});
export type NoticeSummary = z.infer<typeof NoticeSummarySchema>;

export const NoticeDetailSchema = NoticeSummarySchema.extend({ content: z.string(), shopId: z.number().int() });
export type NoticeDetail = z.infer<typeof NoticeDetailSchema>;

const optionalText = textInput().max(2000).nullish();
export const FlowAnalysisLogSchema = z.object({
  pageId: z.number().int().min(1).max(13),
  bizType: z.number().int().min(0).max(2).nullish(),
  bizData: optionalText,
  visitType: z.number().int().min(0).max(99).default(1),
  nums: z.number().int().min(0).max(2_147_483_647).nullish(),
  orderNumbers: optionalText,
  step: z.number().int().min(0).max(100_000),
  systemType: z.number().int().min(0).max(99).default(1),
  uuid: textInput().min(8).max(64),
  uuidSession: textInput().min(8).max(64),
  userId: textInput().max(64).nullish(),
  prevPageId: z.number().int().min(0).max(13).nullish(),
});
export type FlowAnalysisLog = z.infer<typeof FlowAnalysisLogSchema>;

export const SmsInboxEntrySchema = z.object({
  mobile: z.string(),
  code: z.string(),
  purpose: z.string(),
  sentAt: z.string(),
});
