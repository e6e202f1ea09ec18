/**
 * Where a guest signs in on the way to an order (the buyer itself is the acting subject of
 * stores/account-subject.ts).
 */

/** The sign-in page that comes back to `path` afterwards (/accounts/login?continue=). */
export function signInThen(path: string): string {
  return `/accounts/login?continue=${encodeURIComponent(path)}`;
}

/** Where a guest who pressed 결제하기 goes: sign in, then the checkout. */
export const GUEST_CHECKOUT_SIGN_IN = signInThen("/_app/checkout");
