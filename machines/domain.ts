/**
 * Domain shapes the machines and screens share (SPEC.md section 3), free of wire spellings.
 * Pure types: src/api maps the claims API's records into these.
 * Units: ids are numbers; dates are ISO `YYYY-MM-DD` strings; money is US dollars.
 */

/** An option of a lookup list, or a lookup value stored on a record. */
export interface Lookup {
  id: number;
  name: string;
}

/** Plan statuses (SPEC.md section 4); unknown server text maps to null. */
export type PlanStatus = "active" | "expired" | "cancelled" | "cancelByDealer" | "cancelByCustomer";

/** Plan families. Ace and Mace are the newer family; LEGACY plans file on another site. */
export type PlanType = "FPP" | "Ace" | "Mace" | "LEGACY" | "UNKNOWN";

/** True for the plan types filed through the ACE calls (SPEC.md section 7, "ACE calls"). */
export function isAcePlanType(planType: PlanType): boolean {
  return planType === "Ace" || planType === "Mace";
}

/** An item covered by a plan. */
export interface PlanItem {
  id: number;
  type: Lookup | null;
  manufacturer: Lookup | null;
  material: Lookup | null;
  color: Lookup | null;
  description: string | null;
  vendor: string | null;
  sku: string | null;
  /** US dollars, or null when the API has none. */
  price: number | null;
  modelNumber: string | null;
  quantity: number | null;
  returned: boolean;
  fullReplacement: boolean;
}

/** A protection plan with its customer. */
export interface Plan {
  id: number;
  number: string;
  status: PlanStatus | null;
  planType: PlanType;
  programName: string | null;
  customerId: number;
  /** First and last name joined, or null for 'Unknown Customer'. */
  customerName: string | null;
  purchaseDate: string | null;
  deliveryDate: string | null;
  expirationDate: string | null;
  store: string | null;
  invoiceId: string | null;
  /** US dollars; null when not numeric (shown as $0.00). */
  totalPrice: number | null;
  items: PlanItem[];
}

/** A document (photo or PDF) linked to a claim item. */
export interface ClaimDocument {
  id: number;
  fileName: string;
}

/** A damage saved on the server. */
export interface SavedDamage {
  id: number;
  damageTypeId: number;
  specificDamageId: number | null;
  damageAreaId: number;
  howItHappenedId: number;
  remedyId: number;
  /** ISO date the consumer noticed it. */
  noticedOn: string;
  note: string;
}

/** A claim item: a plan item the consumer claims for, with its details, damages and documents. */
export interface ClaimItem {
  id: number;
  planItemId: number;
  manufacturerId: number;
  materialId: number;
  colorId: number;
  damages: SavedDamage[];
  documents: ClaimDocument[];
}

/** Claim statuses (SPEC.md section 4). */
export const CLAIM_STATUSES = [
  "Open",
  "Closed",
  "Draft",
  "In process",
  "Pending review",
  "Not submitted",
  "Denied",
  "Cancelled",
  "UNKNOWN",
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** The simplified grouping of claim statuses (SPEC.md section 4). */
export type ClaimStatusGroup = "open" | "close" | "draft" | "denied" | "review" | "approved";

/** A server's status text as a status; a text the portal does not know is UNKNOWN. */
export function toClaimStatus(text: string): ClaimStatus {
  return (CLAIM_STATUSES as readonly string[]).includes(text) ? (text as ClaimStatus) : "UNKNOWN";
}

/**
 * The group of a status (SPEC.md section 4): Denied and Cancelled count as close; In process and
 * Pending review as review; Not submitted and UNKNOWN as draft, so the consumer can still finish
 * and submit them.
 */
export function claimStatusGroup(status: ClaimStatus): ClaimStatusGroup {
  switch (status) {
    case "Open":
      return "open";
    case "Closed":
    case "Denied":
    case "Cancelled":
      return "close";
    case "In process":
    case "Pending review":
      return "review";
    case "Draft":
    case "Not submitted":
    case "UNKNOWN":
      return "draft";
  }
}

/** A claim as the server holds it. */
export interface Claim {
  id: number;
  status: ClaimStatus;
  planId: number;
  customerId: number;
  items: ClaimItem[];
  /** Damage-area options of this claim. */
  damageAreas: Lookup[];
}

/** The FPP lookup lists a claim needs (SPEC.md section 3, "Claim options lists"). */
export interface ClaimOptions {
  manufacturers: Lookup[];
  materials: Lookup[];
  colors: Lookup[];
  damageTypes: Lookup[];
  specificDamages: Lookup[];
  howItHappened: Lookup[];
  remedies: Lookup[];
}

/** The ACE lookup lists shared by every item; damage lists come per model number (ModelOptions). */
export interface AceOptions {
  manufacturers: Lookup[];
  materials: Lookup[];
  colors: Lookup[];
  remedies: Lookup[];
}

/** Damage lists of one ACE model number (SPEC.md: damage-area options are fetched per model number). */
export interface ModelOptions {
  damageTypes: Lookup[];
  howItHappened: Lookup[];
  damageAreas: Lookup[];
}

/** Details the consumer confirms per chosen item on step 3. */
export interface ItemDetails {
  manufacturerId: number;
  materialId: number;
  colorId: number;
}

/** A damage block as entered on step 4; `savedId` is set once the server holds it. */
export interface DamageEntry {
  savedId?: number;
  damageTypeId: number;
  specificDamageId: number | null;
  damageAreaId: number;
  howItHappenedId: number;
  remedyId: number;
  noticedOn: string;
  note: string;
}

/** Outcome of starting a claim on a plan (insert_claim). */
export type StartClaimResult =
  | { kind: "created"; claimId: number }
  | { kind: "draftExists"; claimId: number }
  | { kind: "claimInProgress"; statusCode: string | null }
  | { kind: "refused" };

/** Plan search query (SPEC.md section 3, "Search payloads"). */
export type PlanQuery =
  | { by: "warrantyNumber"; number: string }
  | {
      by: "email" | "phone" | "invoice";
      firstName: string;
      lastName: string;
      zip?: string;
      email?: string;
      phone?: string;
      invoice?: string;
    };
