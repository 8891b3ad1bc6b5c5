/**
 * The emails of a claim's steps (contract/claim-status.ts), queued by recordStep
 * (server/domain/claim-status.ts) in the transaction that records the step: on submit the claim
 * number, a summary and the status link; on each later step the new step and the same link.
 * They go to the email on file of the plan's customer (only a session with proof writes it); with
 * none on file, nothing is queued.
 */
import type { ClaimStep, DecisionOutcome } from "../../contract/claim-status.ts";
import { localeOf, type Locale } from "../../contract/locales.ts";
import type { Queryable } from "../db/db.ts";
import { languageOfCall } from "../http/call-language.ts";
import { lookupName } from "../domain/lookup-names.ts";
import { claimTypedEmail } from "../domain/customer-contact.ts";
import { enqueueMail } from "./outbox.ts";

/**
 * Queues the email of a step a claim has just reached, in the step's transaction. Its language: on
 * submit, the submitting call's (Accept-Language); later, that of the claim's submit email (else
 * its latest), so a staff move written in English still reaches a Spanish-speaking consumer in Spanish.
 * @returns the queue row's id, or null when the customer has no email on file
 */
export async function enqueueClaimStepMail(tx: Queryable, claimId: number, step: ClaimStep): Promise<number | null> {
  const [claim] = await tx.query<{
    email: string | null;
    plan_number: string;
    program_name: string | null;
    filed_language: string | null;
  }>(
    `SELECT cu.email, p.number AS plan_number, p.program_name,
       (SELECT m.language FROM mail_outbox m WHERE m.claim_id = c.id
        ORDER BY m.template = 'claimSubmitted' DESC, m.id DESC LIMIT 1) AS filed_language
     FROM claims c JOIN plans p ON p.id = c.plan_id JOIN customers cu ON cu.id = p.customer_id WHERE c.id = $1`,
    [claimId],
  );
  const to = claim?.email?.trim();
  if (!claim || !to) return null;
  const claimNumber = `CL-${claimId}`;
  const language: Locale =
    (step === "submitted" ? undefined : localeOf(claim.filed_language)) ?? languageOfCall() ?? "en";
  if (step !== "submitted") {
    // How the decision came out goes with the decision's email and the closing one.
    const [decided] = await tx.query<{ outcome: DecisionOutcome; reason: string | null }>(
      "SELECT outcome, reason FROM claim_events WHERE claim_id = $1 AND step = 'decision' AND outcome IS NOT NULL",
      [claimId],
    );
    const decision =
      decided && (step === "decision" || step === "closed")
        ? { outcome: decided.outcome, reason: decided.outcome === "denied" ? decided.reason : null }
        : null;
    return enqueueMail(tx, {
      to,
      language,
      template: "statusChanged",
      claimId,
      data: { claimId, claimNumber, step, decision },
    });
  }
  const items = await tx.query<{ name: string }>(
    `SELECT COALESCE(${lookupName("t", language)}, pi.description, '') AS name
     FROM claim_items ci
       JOIN plan_items pi ON pi.id = ci.plan_item_id
       LEFT JOIN lookup_values t ON t.id = COALESCE(ci.type_id, pi.type_id)
     WHERE ci.claim_id = $1 ORDER BY ci.seq`,
    [claimId],
  );
  const [documents] = await tx.query<{ count: number }>(
    "SELECT count(*)::int AS count FROM documents WHERE claim_id = $1",
    [claimId],
  );
  const data = {
    claimId,
    claimNumber,
    planNumber: claim.plan_number,
    programName: claim.program_name,
    items: items.map((item) => item.name),
    documents: documents!.count,
  };
  // An address typed for this claim by a session without proof gets the claim's own content and
  // no status link, which would outlive what that session could see.
  const typed = await claimTypedEmail(tx, claimId);
  if (typed && typed.toLowerCase() !== to.toLowerCase()) {
    await enqueueMail(tx, {
      to: typed,
      language,
      template: "claimSubmitted",
      claimId,
      data: { ...data, withStatusLink: false },
    });
  }
  return enqueueMail(tx, { to, language, template: "claimSubmitted", claimId, data });
}
