export type SmsPurpose = 'login' | 'register' | 'password' | 'shopAccount';

/** The notices sent by SMS, each by its own registered template on a real gateway. */
export const SMS_NOTICE_KINDS = ['refund', 'seckill', 'group'] as const;
export type SmsNoticeKind = (typeof SMS_NOTICE_KINDS)[number];

export interface SmsProvider {
  /** 'sandbox' keeps codes visible in the sandbox inbox; real adapters never expose them. */
  readonly name: string;
  readonly isSandbox: boolean;
  /** Sends one code; throws when the message was not accepted. Recording the send is the account module's (sms_messages). */
  sendCode(input: { mobile: string; code: string; purpose: SmsPurpose }): Promise<void>;
  /**
   * Sends a notice of one kind: `text` is the whole message (the sandbox shows it in its inbox),
   * `params` the variables of the gateway's template registered for that kind (Aliyun sends only
   * approved templates, never free text): after-sales deadline reminders ('refund':
   * ALIYUN_SMS_NOTICE_TEMPLATE with `refundSn`, `deadline` and `action`), a flash sale's start
   * ('seckill': ALIYUN_SMS_SECKILL_TEMPLATE with `name` and `time`) and a failed group-buy team's
   * refund ('group': ALIYUN_SMS_GROUP_TEMPLATE with `name` and `refundSn`). `noticeKinds` says which
   * kinds the adapter can send; send through the account module's sendSmsNotice, which records it.
   * Throws when the message was not accepted or its kind has no template.
   */
  readonly noticeKinds: ReadonlySet<SmsNoticeKind>;
  sendNotice(input: { mobile: string; kind: SmsNoticeKind; text: string; params: Record<string, string> }): Promise<void>;
}
