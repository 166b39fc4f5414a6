/** Ports: What the provider receivers need: replay guards, SNS certificates and subscriptions. */

export interface ReplayGuard {
  /** True the first time a (scope, token) is presented; false ever after (until it expires). */
  firstUse(scope: string, token: string, expiresAt: number): Promise<boolean>;
}

export interface SnsCertificates {
  /** The PEM certificate at an already-checked SigningCertURL; rejects when none can be had. */
  get(url: string): Promise<string>;
}

export interface SubscriptionConfirmer {
  /** Visits an SNS SubscribeURL (already checked to be on an SNS host). */
  confirm(url: string): Promise<void>;
}
