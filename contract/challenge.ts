/**
 * The proof-of-work challenge of plan search (SECURITY.md, "Guessing is slowed, nobody is locked
 * out"): after a few failed searches from one address or on one name, `POST /search_plan` answers
 * 428 with an ALTCHA v2 challenge instead of searching. The portal solves it (altcha-lib's solver,
 * off the main thread) and sends the same search again with the solution in the `X-Altcha` header:
 * standard base64 of the JSON ALTCHA payload `{ challenge, solution }`, as the `altcha` widget
 * submits it. A wrong, expired or already spent solution gets a fresh challenge (428 again).
 * A consumer who types the right details pays a second or so of a phone's CPU; a script pays it
 * for every guess.
 */
import * as v from "valibot";

/** Request header carrying the solved challenge. */
export const CHALLENGE_HEADER = "X-Altcha";
/** HTTP status of an answer that asks for a challenge to be solved first (Precondition Required). */
export const CHALLENGE_STATUS = 428;
/** `code` of that answer. */
export const CHALLENGE_REQUIRED = "CHALLENGE_REQUIRED";
/** Key derivation the challenges use: in altcha-lib and in every browser's Web Crypto. */
export const CHALLENGE_ALGORITHM = "PBKDF2/SHA-256";

/** An ALTCHA v2 challenge as the server sends it (altcha-lib `Challenge`). */
export const challengeSchema = v.object({
  parameters: v.looseObject({
    algorithm: v.string(),
    nonce: v.string(),
    salt: v.string(),
    cost: v.number(),
    keyLength: v.number(),
    keyPrefix: v.string(),
    keySignature: v.optional(v.string()),
    expiresAt: v.optional(v.number()),
  }),
  signature: v.optional(v.string()),
});

/** The 428 answer: `{ code: "CHALLENGE_REQUIRED", message, challenge }`. */
export const challengeAnswerSchema = v.object({
  code: v.literal(CHALLENGE_REQUIRED),
  message: v.string(),
  challenge: challengeSchema,
});

export type Challenge = v.InferOutput<typeof challengeSchema>;
export type ChallengeAnswer = v.InferOutput<typeof challengeAnswerSchema>;

/** A solution as altcha-lib's solver returns it: the counter found and the key it derives. */
const challengeSolutionSchema = v.object({
  counter: v.number(),
  derivedKey: v.string(),
});

/** What the `X-Altcha` header carries once decoded from base64: the challenge as received, and its solution. */
export const challengePayloadSchema = v.object({
  challenge: challengeSchema,
  solution: challengeSolutionSchema,
});

export type ChallengePayload = v.InferOutput<typeof challengePayloadSchema>;
