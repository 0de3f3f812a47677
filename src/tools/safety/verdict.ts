/** The shape every destructive rule answers in. */

/** A judgement with the reason the person is shown when asked. */
export interface DestructiveVerdict {
  destructive: boolean;
  reason?: string;
}

/** Not destructive. */
export const SAFE: DestructiveVerdict = { destructive: false };
