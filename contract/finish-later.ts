/**
 * 'Email me a link to finish later' (SPEC.md section 2, the claim wizards; docs/api.md "Finish
 * later"): the portal asks the reference API to email the plan's customer a signed link that
 * reopens a draft claim at a wizard step, on any device. Wire shapes and codes only, shared by the
 * server (validates, answers) and the portal (parses, shows a message per code).
 */
import * as v from "valibot";
import { MAX_ID, idParamSchema } from "./schemas.ts";

/** The wizard steps a link may reopen: 2 to 5 (1 is the plan choice, 6 the submitted claim). */
const FINISH_LATER_STEPS = { first: 2, last: 5 } as const;

/** Refusal codes of the finish-later calls, beside the shared ones (contract/refusal-codes.ts). */
export const FINISH_LATER_CODES = {
  /** 409: the plan's customer has no email address on file, so no link can be sent. */
  noEmailOnFile: "NO_EMAIL_ON_FILE",
} as const;

const claimId = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_ID, `Must be at most ${MAX_ID}`));

/** POST /finish_later body: the draft claim and the wizard step to reopen it at. */
export const finishLaterRequestSchema = v.object({
  claimId,
  step: v.pipe(v.number(), v.integer(), v.minValue(FINISH_LATER_STEPS.first), v.maxValue(FINISH_LATER_STEPS.last)),
});

/** POST /finish_later answer: where the link went, masked (contract/contact-masks.ts maskedEmail). */
export const finishLaterAnswerSchema = v.object({ sentTo: v.pipe(v.string(), v.maxLength(260)) });
export type FinishLaterAnswer = v.InferOutput<typeof finishLaterAnswerSchema>;

/** GET /finish_later?claimId= query. */
export const finishLaterQuerySchema = v.object({ claimId: idParamSchema });

/** GET /finish_later answer: the masked address a link would go to; null when none is on file. */
export const finishLaterTargetSchema = v.object({ sendTo: v.nullable(v.pipe(v.string(), v.maxLength(260))) });
export type FinishLaterTarget = v.InferOutput<typeof finishLaterTargetSchema>;
