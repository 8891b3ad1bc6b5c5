/**
 * The customer's contact information, shown and updated on the ACE wizard's step 2 (SPEC.md
 * section 2 "Claim wizard (ACE)"; contract/schemas.ts `customerInfoSchema`):
 * GET and PUT /ace/customer_info/{customerId}?claimId=.
 *
 * Identity comes only from proof (SECURITY.md; server/domain/customer-contact.ts): a session that
 * found the customer by a warranty number alone sees email, phone and street masked, and what it
 * writes is kept for the claim named, never on file. What it sends back masked or blank keeps
 * what is on file.
 */
import { Hono } from "hono";
import { isMaskedValue, maskedEmail, maskedPhone, maskedStreet } from "../../contract/contact-masks.ts";
import { REFUSAL_CODES } from "../../contract/refusal-codes.ts";
import {
  CLAIM_CODES,
  SUCCEED,
  customerInfoQuerySchema,
  customerInfoUpdateSchema,
  messageSchema,
} from "../../contract/schemas.ts";
import type { AppDeps } from "../app-deps.ts";
import { lockDraftClaim } from "../domain/claim-guards.ts";
import {
  contactOnFile,
  contactTypedForClaim,
  customerOfClaim,
  writeContactForClaim,
  writeContactOnFile,
  type ContactDetails,
} from "../domain/customer-contact.ts";
import { HttpError, invalid, notFound } from "../http/http-errors.ts";
import { ownerOf, type Owner } from "../http/session.ts";
import { ids, validBody, validQuery } from "../http/validate.ts";
import { customerInfoAnswerSchema } from "../openapi/answers.ts";
import { documented } from "../openapi/route-doc.ts";

/** The fields a session without verification sees masked, and may send back masked to keep. */
const MASKED_FIELDS = ["email", "phone", "address"] as const;
type MaskedField = (typeof MASKED_FIELDS)[number];

const customerNotFound = () => notFound("CUSTOMER_NOT_FOUND", "Customer not found");

/** Checks the claim named is this session's and on a plan of this customer, or answers the claim's 404. */
async function checkClaimOfCustomer(
  q: AppDeps["db"],
  owner: Owner,
  claimId: number,
  customerId: number,
): Promise<void> {
  await owner.claim(q, claimId);
  if ((await customerOfClaim(q, claimId)) !== customerId) throw notFound(CLAIM_CODES.claimNotFound, "Claim not found");
}

/** Details as a session without proof may see them: email, phone and street masked. */
function masked<T extends Partial<ContactDetails>>(details: T): T {
  const hidden = { email: maskedEmail, phone: maskedPhone, address: maskedStreet };
  return Object.fromEntries(
    Object.entries(details).map(([field, value]) => [
      field,
      field in hidden ? hidden[field as MaskedField](value) : value,
    ]),
  ) as T;
}

/** Routes of customer contact information, to mount under /api/v1. */
export function customerRoutes({ db }: AppDeps): Hono {
  const app = new Hono();

  app.get(
    "/ace/customer_info/:customerId",
    documented({
      id: "ace_customer_info",
      tag: "ACE claims",
      summary: "The customer's contact details",
      description:
        "A session that found the customer by warranty number alone gets email, phone and street masked, and `masked: true`. With `claimId`, `unverified` holds what such sessions typed for that claim (masked but for a verified session).",
      access: "owner",
      queryNotes: { claimId: "The claim the details are confirmed for" },
      answer: customerInfoAnswerSchema,
      errors: [400, 404],
    }),
    ids(["customerId"]),
    validQuery(customerInfoQuerySchema),
    async (c) => {
      const { customerId } = c.req.valid("param");
      const { claimId } = c.req.valid("query");
      const owner = ownerOf(c);
      owner.customer(customerId);
      if (claimId !== undefined) await checkClaimOfCustomer(db, owner, claimId, customerId);
      const onFile = await contactOnFile(db, customerId);
      if (!onFile) throw customerNotFound();
      const typed = claimId === undefined ? {} : await contactTypedForClaim(db, claimId, customerId);
      const unverified = Object.keys(typed).length > 0 ? typed : undefined;
      if (owner.access.verified.has(customerId)) return c.json({ result: { ...onFile, unverified } });
      // `masked` is ours, beside SPEC.md's fields: the portal shows these as on file, not as typed.
      return c.json({ result: { ...masked(onFile), masked: true, unverified: unverified && masked(unverified) } });
    },
  );

  app.put(
    "/ace/customer_info/:customerId",
    documented({
      id: "ace_update_customer_info",
      tag: "ACE claims",
      summary: "Update the customer's contact details",
      description:
        "From a session that proved who it is (a personal search or a link sent to the address on file), the details on file. From one that holds only the warranty number, details kept for the claim `claimId` alone, never on file (403 PROOF_REQUIRED without it). Email, phone and address sent back masked (or blank, from an unverified session) keep what is on file.",
      access: "owner",
      queryNotes: {
        claimId: "The claim the details are confirmed for; required from a session without proof",
      },
      answer: messageSchema,
      errors: [400, 403, 404],
    }),
    ids(["customerId"]),
    validQuery(customerInfoQuerySchema),
    validBody(customerInfoUpdateSchema),
    async (c) => {
      const { customerId } = c.req.valid("param");
      const { claimId } = c.req.valid("query");
      const info = c.req.valid("json");
      const owner = ownerOf(c);
      owner.customer(customerId);
      if (claimId !== undefined) await checkClaimOfCustomer(db, owner, claimId, customerId);
      const verified = owner.access.verified.has(customerId);
      if (!verified && claimId === undefined) {
        throw new HttpError(403, {
          code: REFUSAL_CODES.proofRequired,
          message: "Only a search by name changes the details on file; name the claim they are for",
        });
      }
      const kept = keptFields(info, verified);
      await db.transaction(async (tx) => {
        if (verified) {
          if (!(await writeContactOnFile(tx, customerId, info, kept, claimId))) throw customerNotFound();
          return;
        }
        await lockDraftClaim(tx, claimId!);
        const onFile = await contactOnFile(tx, customerId);
        if (!onFile) throw customerNotFound();
        await writeContactForClaim(tx, claimId!, info, onFile, kept);
      });
      return c.json({ message: SUCCEED });
    },
  );

  return app;
}

/**
 * The masked fields a PUT keeps as on file: those sent masked, and from an unverified session those
 * sent blank.
 * @throws HttpError 400 for a field a verified session sent blank (it sees the details, so blank
 *   would erase one: the contract requires it)
 */
function keptFields(info: Record<MaskedField, string>, verified: boolean): Set<MaskedField> {
  const kept = new Set<MaskedField>();
  const errors: Record<string, string> = {};
  for (const field of MASKED_FIELDS) {
    const value = info[field];
    if (isMaskedValue(value)) kept.add(field);
    else if (value.trim() === "") {
      if (verified) errors[field] = "Required";
      else kept.add(field);
    }
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return kept;
}
