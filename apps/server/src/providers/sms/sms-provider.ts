export type SmsPurpose = 'login' | 'register' | 'password' | 'shopAccount';

export interface SmsProvider {
  /** 'sandbox' keeps codes visible in the sandbox inbox; real adapters never expose them. */
  readonly name: string;
  readonly isSandbox: boolean;
  /** Sends one code; throws when the message was not accepted. Recording the send is the account module's (sms_messages). */
  sendCode(input: { mobile: string; code: string; purpose: SmsPurpose }): Promise<void>;
  /**
   * Sends a notice (an after-sales deadline reminder): `text` is the whole message (the sandbox
   * logs it), `params` the variables of the gateway's registered notice template (Aliyun sends only
   * approved templates, never free text: ALIYUN_SMS_NOTICE_TEMPLATE takes `refundSn`, `deadline` and
   * `action`). Absent on an adapter without a notice template: the notice rows in the user and
   * merchant centers remain the reminder. Throws when the message was not accepted.
   */
  sendNotice?(input: { mobile: string; text: string; params?: Record<string, string> }): Promise<void>;
}
