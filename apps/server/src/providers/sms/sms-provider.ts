export type SmsPurpose = 'login' | 'register' | 'password' | 'shopAccount';

export interface SmsProvider {
  /** 'sandbox' keeps codes visible in the sandbox inbox; real adapters never expose them. */
  readonly name: string;
  readonly isSandbox: boolean;
  /** Sends one code; throws when the message was not accepted. Recording the send is the account module's (sms_messages). */
  sendCode(input: { mobile: string; code: string; purpose: SmsPurpose }): Promise<void>;
}
