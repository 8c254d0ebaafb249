export type SmsPurpose = 'login' | 'register' | 'password' | 'shopAccount';

export interface SmsProvider {
  /** 'sandbox' keeps codes visible in the sandbox inbox; real adapters never expose them. */
  readonly name: string;
  readonly isSandbox: boolean;
  /** Sends one code; throws when the message was not accepted. Recording the send is the account module's (sms_messages). */
  sendCode(input: { mobile: string; code: string; purpose: SmsPurpose }): Promise<void>;
  /**
   * Sends a notice (an after-sales deadline reminder). Absent on an adapter without a notice
   * template: the notice rows in the user and merchant centers remain the reminder.
   */
  sendNotice?(input: { mobile: string; text: string }): Promise<void>;
}
