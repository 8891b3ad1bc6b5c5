/**
 * The email sent when staff move a claim to a later step (contract/claim-status.ts): the new step
 * in words (the decision by how it came out, a denial with its reason), what comes next and when,
 * and the signed link to the claim's status page.
 */
import {
  BUSINESS_DAYS_TO_NEXT,
  CLAIM_STEPS,
  type ClaimDecision,
  type ClaimStep,
  type DecisionOutcome,
} from "../../contract/claim-status.ts";
import { MailLayout, Paragraph } from "./mail-layout.tsx";
import type { MailParts, MessageDescriptor, TemplateInput } from "./mail-parts.ts";

/** What the message tells. */
export interface StatusChangedData {
  claimId: number;
  /** CL- and the claim id. */
  claimNumber: string;
  /** The step the claim has just reached. */
  step: ClaimStep;
  /** How the decision came out, on the decision's email and the closing one; absent or null otherwise. */
  decision?: ClaimDecision | null;
}

/** Each outcome of a decision in words. */
const OUTCOME_WORDS: Record<DecisionOutcome, MessageDescriptor> = {
  approved: /*i18n*/ { id: "mail.outcome.approved", message: "Approved for repair" },
  replaced: /*i18n*/ { id: "mail.outcome.replaced", message: "Approved for replacement" },
  refunded: /*i18n*/ { id: "mail.outcome.refunded", message: "Approved for a refund" },
  denied: /*i18n*/ { id: "mail.outcome.denied", message: "Denied" },
};
const decisionLine = /*i18n*/ { id: "mail.statusChanged.decision", message: "Decision: {outcome}." };
const reasonLine = /*i18n*/ { id: "mail.statusChanged.reason", message: "Reason given: {reason}" };

/** Each step in words, as the consumer reads it. */
const STEP_WORDS: Record<ClaimStep, MessageDescriptor> = {
  submitted: /*i18n*/ { id: "mail.step.submitted", message: "Submitted" },
  in_review: /*i18n*/ { id: "mail.step.inReview", message: "In review" },
  decision: /*i18n*/ { id: "mail.step.decision", message: "Decision made" },
  service: /*i18n*/ { id: "mail.step.service", message: "Service or payment" },
  closed: /*i18n*/ { id: "mail.step.closed", message: "Closed" },
};

const subject = /*i18n*/ { id: "mail.statusChanged.subject", message: "Your claim {claimNumber} is now: {step}" };
const heading = /*i18n*/ { id: "mail.statusChanged.heading", message: "Your claim has a new status" };
const now = /*i18n*/ { id: "mail.statusChanged.now", message: "Your claim {claimNumber} is now at the step: {step}." };
const next = /*i18n*/ {
  id: "mail.statusChanged.next",
  message: "Next: {step}, usually within {days, plural, one {# business day} other {# business days}}.",
};
const done = /*i18n*/ {
  id: "mail.statusChanged.closed",
  message: "Your claim is closed. Thank you for your patience.",
};
const action = /*i18n*/ { id: "mail.viewClaimStatus", message: "View Claim Status" };

/** The step-changed email in the message's language. */
export function statusChangedMail({ i18n, locale, data, links }: TemplateInput<StatusChangedData>): MailParts {
  const outcome = data.decision ? i18n._(OUTCOME_WORDS[data.decision.outcome]) : null;
  // The decision's step is named by how it came out ('Your claim … is now: Denied').
  const step = data.step === "decision" && outcome ? outcome : i18n._(STEP_WORDS[data.step]);
  const following = CLAIM_STEPS[CLAIM_STEPS.indexOf(data.step) + 1];
  const nextLine =
    data.step === "closed" || !following
      ? i18n._(done)
      : i18n._({ ...next, values: { step: i18n._(STEP_WORDS[following]), days: BUSINESS_DAYS_TO_NEXT[data.step] } });
  const nowLine = i18n._({ ...now, values: { claimNumber: data.claimNumber, step } });
  return {
    subject: i18n._({ ...subject, values: { claimNumber: data.claimNumber, step } }),
    element: (
      <MailLayout
        i18n={i18n}
        locale={locale}
        preview={nowLine}
        heading={i18n._(heading)}
        action={{ label: i18n._(action), href: links.claimStatus(data.claimId) }}
      >
        <Paragraph>{nowLine}</Paragraph>
        {data.step === "closed" && outcome && <Paragraph>{i18n._({ ...decisionLine, values: { outcome } })}</Paragraph>}
        {data.decision?.reason && (
          <Paragraph>{i18n._({ ...reasonLine, values: { reason: data.decision.reason } })}</Paragraph>
        )}
        <Paragraph>{nextLine}</Paragraph>
      </MailLayout>
    ),
  };
}
