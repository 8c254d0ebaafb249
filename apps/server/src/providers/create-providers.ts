// The one place the providers are chosen and built, from the environment: server.ts and the test
// app call it once and hand the result to every user through the app context (ctx.providers), so
// a test swaps a provider by building a context with a fake in its place.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { CourierProvider } from './courier/courier-provider.ts';
import { createCourierProvider } from './courier/create-courier-provider.ts';
import { createPaymentProviders, type PaymentProviders } from './payment/create-payment-providers.ts';
import { createSmsProvider } from './sms/create-sms-provider.ts';
import type { SmsProvider } from './sms/sms-provider.ts';
import { createFileStorage } from './storage/create-file-storage.ts';
import type { FileStorage } from './storage/file-storage.ts';

export interface Providers {
  sms: SmsProvider;
  payment: PaymentProviders;
  courier: CourierProvider;
  /** Uploaded files: DATA_DIR, or an S3-compatible bucket when S3_* are set. */
  storage: FileStorage;
}

/** Each provider's real adapter when all of its variables are set, otherwise its sandbox. */
export async function createProviders(env: Env, db: Db, now: () => Date, log?: FastifyBaseLogger): Promise<Providers> {
  return {
    sms: createSmsProvider(env, log),
    // The payment sandboxes keep their key pairs in the database (generated on first use).
    payment: await createPaymentProviders(env, db, now, log),
    courier: createCourierProvider(env),
    storage: await createFileStorage(env),
  };
}
