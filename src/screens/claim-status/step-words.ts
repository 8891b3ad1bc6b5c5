/**
 * The claim-status page's words for each step of a claim after Submit (contract/claim-status.ts
 * orders them): the timeline's names, and what the next step means for the consumer. The machine
 * holds step codes only; these turn them into catalog messages.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { DecisionOutcome } from "../../../contract/claim-status.ts";
import type { ClaimProgressStep } from "../../../machines/claim-status.machine.ts";

/** The timeline's name of each step. */
export const STEP_NAMES: Record<ClaimProgressStep, MessageDescriptor> = {
  submitted: msg`Submitted`,
  inReview: msg`In review`,
  decision: msg`Decision`,
  service: msg`Service or payment`,
  closed: msg`Closed`,
};

/** What happens when the claim reaches a step, said while it is the next one. */
export const NEXT_STEP_WORDS: Record<ClaimProgressStep, MessageDescriptor> = {
  submitted: msg`We receive your claim.`,
  inReview: msg`Our claims team reviews your claim, its photos and documents. We may write to you if we need more details.`,
  decision: msg`We decide on your claim and tell you by email what is covered.`,
  service: msg`We arrange the repair, the replacement or the payment, and tell you how it will happen.`,
  closed: msg`Your claim is closed once the service or payment is done.`,
};

/** How a decision came out, as the page names it. */
export const OUTCOME_WORDS: Record<DecisionOutcome, MessageDescriptor> = {
  approved: msg`Approved for repair`,
  replaced: msg`Approved for replacement`,
  refunded: msg`Approved for a refund`,
  denied: msg`Denied`,
};

/** What the page says of a closed claim, by how its decision came out. */
export const CLOSED_WORDS: Record<DecisionOutcome, MessageDescriptor> = {
  approved: msg`Your claim is closed: it was approved for repair. Nothing more is needed from you.`,
  replaced: msg`Your claim is closed: it was approved for replacement. Nothing more is needed from you.`,
  refunded: msg`Your claim is closed: it was approved for a refund. Nothing more is needed from you.`,
  denied: msg`Your claim is closed: it was denied. Nothing more is needed from you.`,
};
