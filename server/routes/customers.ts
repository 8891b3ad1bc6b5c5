/**
 * The customer's contact information, shown and updated on the ACE wizard's step 2 (SPEC.md
 * section 2 "Claim wizard (ACE)"; contract/schemas.ts `customerInfoSchema`):
 * GET and PUT /ace/customer_info/{customerId}.
 *
 * A session that found the customer only by a warranty number is not verified (server/http/session.ts):
 * it gets the email, phone and street address masked (contract/contact-masks.ts) with `masked:
 * true` added to the answer, and what it sends back masked or blank keeps what is on file
 * (SECURITY.md, "A warranty number alone shows no contact details").
 */
import { Hono } from "hono";
import { isMaskedValue, maskedEmail, maskedPhone, maskedStreet } from "../../contract/contact-masks.ts";
import { SUCCEED, customerInfoUpdateSchema, type CustomerInfo } from "../../contract/schemas.ts";
import type { AppDeps } from "../app-deps.ts";
import { invalid, notFound } from "../http/http-errors.ts";
import { ownerOf } from "../http/session.ts";
import { ids, validBody } from "../http/validate.ts";

interface CustomerRow {
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

/** The fields a session without verification sees masked, and may send back masked to keep. */
const MASKED_FIELDS = ["email", "phone", "address"] as const;
type MaskedField = (typeof MASKED_FIELDS)[number];

const customerNotFound = () => notFound("CUSTOMER_NOT_FOUND", "Customer not found");

/** Routes of customer contact information, to mount under /api/v1. */
export function customerRoutes({ db }: AppDeps): Hono {
  const app = new Hono();

  app.get("/ace/customer_info/:customerId", ids(["customerId"]), async (c) => {
    const { customerId } = c.req.valid("param");
    const owner = ownerOf(c);
    owner.customer(customerId);
    const [row] = await db.query<CustomerRow>(
      "SELECT first_name, last_name, email, phone, address, city, state, zip FROM customers WHERE id = $1",
      [customerId],
    );
    if (!row) throw customerNotFound();
    // A field never recorded is answered empty, for the consumer to fill in on step 2.
    const result: CustomerInfo = {
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email ?? "",
      phone: row.phone ?? "",
      address: row.address ?? "",
      city: row.city ?? "",
      state: row.state ?? "",
      zipCode: row.zip ?? "",
    };
    if (owner.access.verified.has(customerId)) return c.json({ result });
    // `masked` is ours, beside SPEC.md's fields: the portal shows these as on file, not as typed.
    return c.json({
      result: { ...result, email: maskedEmail(result.email), phone: maskedPhone(result.phone), address: maskedStreet(result.address), masked: true },
    });
  });

  app.put("/ace/customer_info/:customerId", ids(["customerId"]), validBody(customerInfoUpdateSchema), async (c) => {
    const { customerId } = c.req.valid("param");
    const info = c.req.valid("json");
    const owner = ownerOf(c);
    owner.customer(customerId);
    const verified = owner.access.verified.has(customerId);
    const kept = keptFields(info, verified);
    const value = (field: MaskedField) => (kept.has(field) ? null : info[field]);
    await db.transaction(async (tx) => {
      // The first change keeps the details it replaces as the sold ones (migration 011), so the
      // owner's own search still finds the plans; a null parameter keeps the field as it is.
      const updated = await tx.query(
        `UPDATE customers SET
           sold_first_name = CASE WHEN contact_changed_at IS NULL THEN first_name ELSE sold_first_name END,
           sold_last_name = CASE WHEN contact_changed_at IS NULL THEN last_name ELSE sold_last_name END,
           sold_email = CASE WHEN contact_changed_at IS NULL THEN email ELSE sold_email END,
           sold_phone = CASE WHEN contact_changed_at IS NULL THEN phone ELSE sold_phone END,
           sold_zip = CASE WHEN contact_changed_at IS NULL THEN zip ELSE sold_zip END,
           contact_changed_at = COALESCE(contact_changed_at, now()),
           contact_unverified = CASE WHEN $10::boolean THEN false
             ELSE contact_unverified OR (first_name, last_name, email, phone, zip)
               IS DISTINCT FROM ($2::text, $3::text, COALESCE($4::text, email), COALESCE($5::text, phone), $9::text) END,
           first_name = $2, last_name = $3, email = COALESCE($4, email), phone = COALESCE($5, phone),
           address = COALESCE($6, address), city = $7, state = $8, zip = $9
         WHERE id = $1 RETURNING id`,
        [customerId, info.firstName, info.lastName, value("email"), value("phone"), value("address"), info.city, info.state, info.zipCode, verified],
      );
      if (updated.length === 0) throw customerNotFound();
    });
    return c.json({ message: SUCCEED });
  });

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
