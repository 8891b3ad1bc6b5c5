/**
 * A customer's contact details (GET and PUT /ace/customer_info; SECURITY.md, "Identity comes only
 * from proof"). What is on file changes only through a session that proved who it is (a personal
 * search or a link sent to the address on file). Details typed by a session that holds only a
 * warranty number are kept for that one claim (table claim_contacts): they never reach the
 * customer's record, the owner's mail or the personal search.
 */
import type { CustomerInfo } from "../../contract/schemas.ts";
import type { Queryable } from "../db/db.ts";

/** The wire fields and their columns, in the order the step shows them. */
const CONTACT_COLUMNS = {
  firstName: "first_name",
  lastName: "last_name",
  email: "email",
  phone: "phone",
  address: "address",
  city: "city",
  state: "state",
  zipCode: "zip",
} as const satisfies Record<keyof CustomerInfo, string>;

type ContactField = keyof CustomerInfo;
const FIELDS = Object.keys(CONTACT_COLUMNS) as ContactField[];
const COLUMNS = FIELDS.map((field) => CONTACT_COLUMNS[field]);

/** Contact details with every field present: "" where nothing is recorded. */
export type ContactDetails = Record<ContactField, string>;

function detailsOf(row: Record<string, string | null>): ContactDetails {
  return Object.fromEntries(FIELDS.map((field) => [field, row[CONTACT_COLUMNS[field]] ?? ""])) as ContactDetails;
}

/** The customer of a claim's plan; null when there is no such claim. */
export async function customerOfClaim(q: Queryable, claimId: number): Promise<number | null> {
  const [row] = await q.query<{ customer_id: number }>(
    "SELECT p.customer_id FROM claims c JOIN plans p ON p.id = c.plan_id WHERE c.id = $1",
    [claimId],
  );
  return row?.customer_id ?? null;
}

/** The details on file for a customer; null when there is no such customer. */
export async function contactOnFile(q: Queryable, customerId: number): Promise<ContactDetails | null> {
  const [row] = await q.query<Record<string, string | null>>(
    `SELECT ${COLUMNS.join(", ")} FROM customers WHERE id = $1`,
    [customerId],
  );
  return row ? detailsOf(row) : null;
}

/**
 * What sessions without proof typed for one claim of the customer: only the fields that differ
 * from what was on file then. Empty when none, or when the claim is not on that customer's plan.
 */
export async function contactTypedForClaim(
  q: Queryable,
  claimId: number,
  customerId: number,
): Promise<Partial<ContactDetails>> {
  const [row] = await q.query<Record<string, string | null>>(
    `SELECT ${COLUMNS.map((column) => `cc.${column}`).join(", ")}
     FROM claim_contacts cc JOIN claims c ON c.id = cc.claim_id JOIN plans p ON p.id = c.plan_id
     WHERE cc.claim_id = $1 AND p.customer_id = $2`,
    [claimId, customerId],
  );
  if (!row) return {};
  return Object.fromEntries(
    FIELDS.filter((field) => row[CONTACT_COLUMNS[field]] !== null).map((field) => [
      field,
      row[CONTACT_COLUMNS[field]]!,
    ]),
  );
}

/**
 * Writes the details on file from a session that proved who it is; `kept` fields stay as they are.
 * The first change keeps the details it replaces as the sold ones (migration 011), so the owner's
 * own search still finds the plans. The claim's unproven details, if any, are superseded.
 * @returns false when there is no such customer
 */
export async function writeContactOnFile(
  tx: Queryable,
  customerId: number,
  info: ContactDetails,
  kept: ReadonlySet<ContactField>,
  claimId: number | undefined,
): Promise<boolean> {
  const value = (field: ContactField) => (kept.has(field) ? null : info[field]);
  const updated = await tx.query(
    `UPDATE customers SET
       sold_first_name = CASE WHEN contact_changed_at IS NULL THEN first_name ELSE sold_first_name END,
       sold_last_name = CASE WHEN contact_changed_at IS NULL THEN last_name ELSE sold_last_name END,
       sold_email = CASE WHEN contact_changed_at IS NULL THEN email ELSE sold_email END,
       sold_phone = CASE WHEN contact_changed_at IS NULL THEN phone ELSE sold_phone END,
       sold_zip = CASE WHEN contact_changed_at IS NULL THEN zip ELSE sold_zip END,
       contact_changed_at = COALESCE(contact_changed_at, now()),
       first_name = $2, last_name = $3, email = COALESCE($4, email), phone = COALESCE($5, phone),
       address = COALESCE($6, address), city = $7, state = $8, zip = $9
     WHERE id = $1 RETURNING id`,
    [
      customerId,
      info.firstName,
      info.lastName,
      value("email"),
      value("phone"),
      value("address"),
      info.city,
      info.state,
      info.zipCode,
    ],
  );
  if (updated.length === 0) return false;
  if (claimId !== undefined) await tx.query("DELETE FROM claim_contacts WHERE claim_id = $1", [claimId]);
  return true;
}

/**
 * Keeps details typed by a session without proof for its claim alone: the fields that differ from
 * what is on file (others, and `kept` ones, are stored as NULL). Replaces what the claim held.
 */
export async function writeContactForClaim(
  tx: Queryable,
  claimId: number,
  info: ContactDetails,
  onFile: ContactDetails,
  kept: ReadonlySet<ContactField>,
): Promise<void> {
  const typed = FIELDS.map((field) => (kept.has(field) || sameValue(info[field], onFile[field]) ? null : info[field]));
  await tx.query(
    `INSERT INTO claim_contacts (claim_id, ${COLUMNS.join(", ")}) VALUES ($1, ${COLUMNS.map((_, index) => `$${index + 2}`).join(", ")})
     ON CONFLICT (claim_id) DO UPDATE SET ${COLUMNS.map((column) => `${column} = EXCLUDED.${column}`).join(", ")}, written_at = now()`,
    [claimId, ...typed],
  );
}

const sameValue = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The email a claim's confirmation may also go to: one a session without proof typed for it,
 * when it differs from the one on file. That mail carries the claim's own content and no link.
 */
export async function claimTypedEmail(q: Queryable, claimId: number): Promise<string | null> {
  const [row] = await q.query<{ email: string | null }>("SELECT email FROM claim_contacts WHERE claim_id = $1", [
    claimId,
  ]);
  return row?.email?.trim() || null;
}
