export type SmsPurpose = 'login' | 'register' | 'password';

export interface SmsProvider {
  /** 'sandbox' keeps codes visible in the sandbox inbox; real adapters never expose them. */
  readonly name: string;
  readonly isSandbox: boolean;
  /** Sends one code and records the send in sms_messages. Throws when the message was not accepted. */
  sendCode(input: { mobile: string; code: string; purpose: SmsPurpose; ip?: string }): Promise<void>;
}
