// The pay order number of the payment in progress is kept in session storage (specification
// section 3), so the result page can find it after the trip to a gateway.
export const PAY_NO_STORAGE_KEY = 'payNo';

export function rememberPayNo(payNo: string): void {
  try {
    sessionStorage.setItem(PAY_NO_STORAGE_KEY, payNo);
  } catch {
    // Without storage the payNo still travels in the URL.
  }
}

export function recalledPayNo(): string | null {
  try {
    return sessionStorage.getItem(PAY_NO_STORAGE_KEY);
  } catch {
    return null;
  }
}
