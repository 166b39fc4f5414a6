/**
 * A status change a store makes only while the record is in one of `from`: the domain names its moves
 * (mail/message-status.ts, campaigns/campaign-status.ts) and the stores write their conditions from
 * them, so the order lives in one place.
 */
export interface StatusMove<S extends string> {
  from: readonly S[];
  to: S;
}
