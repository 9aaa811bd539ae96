import type { FailureStore } from '../../lib/failures.js';

/**
 * Counts failed sign-ins in fixed 15-minute windows and decides whether the next attempt may be made
 * (docs/decisions/0005-tokens.md, "Failed sign-ins"). Only failures count, so people who type their
 * password right are never slowed down, and the rules are built so that nobody can lock another
 * person out:
 *
 * - one account from one address: after 5 failures that pair waits until its window ends (someone
 *   guessing, or mistyping, at one place); a correct password from there clears it;
 * - one account from anywhere: after 20 failures (guessing spread over many addresses) every address
 *   that has already failed for this account waits until its own window ends. An address with no
 *   failure for the account is never refused on the account's behalf, so the owner signs in from home
 *   whatever a stranger did elsewhere;
 * - one address for any accounts (password spraying, or an office behind one NAT): after 30 failures
 *   each further failure makes the address wait a little longer before its next attempt, 1 s doubling
 *   to 30 s. A spraying script gets about two guesses a minute; a colleague with the right password
 *   waits seconds, never a quarter of an hour;
 * - a device the account signed in from before (its device cookie, modules/accounts/devices.ts;
 *   OWASP's "device cookies"): the two rules of the account above do not hold it, so a stranger
 *   cannot lock the owner out of their own browser, wherever the stranger guesses from, even at the
 *   owner's address. Its failures count on that device alone: after 5 it waits until its window ends,
 *   so a stolen cookie buys no more guesses than a stranger has. The address rule holds it too.
 */
export interface ThrottleRule {
  max: number;
  windowMs: number;
}

export interface LoginLimits {
  accountFromAddress: ThrottleRule;
  account: ThrottleRule;
  address: ThrottleRule & { firstDelayMs: number; longestDelayMs: number };
  device: ThrottleRule;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export const LOGIN_LIMITS: LoginLimits = {
  accountFromAddress: { max: 5, windowMs: FIFTEEN_MINUTES },
  account: { max: 20, windowMs: FIFTEEN_MINUTES },
  address: { max: 30, windowMs: FIFTEEN_MINUTES, firstDelayMs: 1_000, longestDelayMs: 30_000 },
  device: { max: 5, windowMs: FIFTEEN_MINUTES },
};

export type ThrottleScope = keyof LoginLimits;
export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; scope: ThrottleScope };

const refuse = (scope: ThrottleScope, ms: number): ThrottleVerdict => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)),
  scope,
});

export class LoginThrottle {
  constructor(
    private readonly store: FailureStore,
    private readonly limits: LoginLimits = LOGIN_LIMITS,
  ) {}

  /**
   * `account` names the account being tried: `user:<id>` when it exists (so its email and its
   * username share one count), otherwise the identifier as typed, lower-cased. `device` is the nonce
   * of a valid device cookie of that account, when the attempt carries one.
   */
  private keys(account: string, address: string, device?: string | null) {
    return {
      pair: `acct-ip:${account}|${address}`,
      account: `acct:${account}`,
      address: `ip:${address}`,
      addressWait: `ip-wait:${address}`,
      device: `device:${device ?? ''}`,
    };
  }

  /** Before checking a password: is this attempt allowed now? */
  async check(account: string, address: string, device?: string | null): Promise<ThrottleVerdict> {
    const keys = this.keys(account, address, device);
    if (device) {
      const [own, wait] = await Promise.all([this.store.get(keys.device), this.store.get(keys.addressWait)]);
      if (own.count >= this.limits.device.max) return refuse('device', own.resetInMs);
      if (wait.count > 0) return refuse('address', wait.resetInMs);
      return { allowed: true };
    }
    const [pair, forAccount, wait] = await Promise.all([
      this.store.get(keys.pair),
      this.store.get(keys.account),
      this.store.get(keys.addressWait),
    ]);
    if (pair.count >= this.limits.accountFromAddress.max) return refuse('accountFromAddress', pair.resetInMs);
    if (pair.count > 0 && forAccount.count >= this.limits.account.max) return refuse('account', pair.resetInMs);
    if (wait.count > 0) return refuse('address', wait.resetInMs);
    return { allowed: true };
  }

  async recordFailure(account: string, address: string, device?: string | null): Promise<void> {
    const keys = this.keys(account, address, device);
    const [, fromAddress] = await Promise.all([
      device
        ? this.store.add(keys.device, this.limits.device.windowMs)
        : Promise.all([
            this.store.add(keys.pair, this.limits.accountFromAddress.windowMs),
            this.store.add(keys.account, this.limits.account.windowMs),
          ]),
      this.store.add(keys.address, this.limits.address.windowMs),
    ]);
    const { max, firstDelayMs, longestDelayMs } = this.limits.address;
    if (fromAddress.count >= max) {
      const delay = Math.min(longestDelayMs, firstDelayMs * 2 ** Math.min(30, fromAddress.count - max));
      await this.store.hold(keys.addressWait, delay);
    }
  }

  /**
   * A correct password clears that account's failures from that address (the others protect other
   * people); with a device cookie, that device's failures only: a stranger at the same address stays
   * held when the owner's browser signs in.
   */
  async recordSuccess(account: string, address: string, device?: string | null): Promise<void> {
    const keys = this.keys(account, address, device);
    await this.store.clear(device ? keys.device : keys.pair);
  }
}

/** The sentence of a refused sign-in: seconds when the wait is short, minutes otherwise. */
export function throttleMessage(retryAfterSeconds: number): string {
  if (retryAfterSeconds < 60) {
    return `Too many failed sign-in attempts. Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'} and try again.`;
  }
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}
