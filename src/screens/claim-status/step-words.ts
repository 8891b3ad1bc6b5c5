/**
 * The claim-status page's words for each step of a claim after Submit (contract/claim-status.ts
 * orders them): the timeline's names, and what the next step means for the consumer. The machine
 * holds step codes only; these turn them into catalog messages.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
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
