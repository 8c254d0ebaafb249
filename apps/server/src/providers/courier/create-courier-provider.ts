import type { Env } from '../../env.ts';
import type { CourierProvider } from './courier-provider.ts';
import { createKuaidi100Courier } from './kuaidi100-courier.ts';
import { createSandboxCourier } from './sandbox-courier.ts';

export function realCourierConfigured(env: Env): boolean {
  return !!(env.KUAIDI100_CUSTOMER && env.KUAIDI100_KEY);
}

/** Kuaidi100 when its customer and key are set; otherwise the sandbox. */
export function createCourierProvider(env: Env): CourierProvider {
  if (realCourierConfigured(env)) {
    return createKuaidi100Courier({
      customer: env.KUAIDI100_CUSTOMER!,
      key: env.KUAIDI100_KEY!,
      endpoint: env.KUAIDI100_ENDPOINT,
      pollMs: env.COURIER_POLL_MINUTES * 60_000,
    });
  }
  return createSandboxCourier(env.COURIER_SANDBOX_STEP_SECONDS * 1000);
}
