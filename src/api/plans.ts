/**
 * Plan calls (SPEC.md section 7): search_plan and plan/{id}, mapped to domain plans.
 * Throws ky's HTTPError or a SchemaValidationError on failure; callers model both outcomes. A
 * search the API answers with a challenge (HTTP 428, contract/challenge.ts) is an answer, not a
 * failure: the challenge, for the caller to solve and search again (search-challenge.ts).
 */
import { isHTTPError } from "ky";
import * as v from "valibot";
import { CHALLENGE_HEADER, CHALLENGE_STATUS, challengeAnswerSchema } from "../../contract/challenge.ts";
import {
  isAcePlanType,
  type Plan,
  type PlanItem,
  type PlanQuery,
  type PlanStatus,
  type PlanType,
} from "../../machines/domain.ts";
import type { SearchAnswer } from "../../machines/plan-search.machine.ts";
import { http, withCallFailure, type ApiClient } from "./http.ts";
import { proofHeader, type ChallengeProof } from "./search-challenge.ts";
import {
  SEARCH_TYPES,
  searchPlanResponseSchema,
  type SearchPlanRequest,
  type WirePlan,
  type WirePlanItem,
} from "../../contract/schemas.ts";

const STATUS_BY_TEXT: Record<string, PlanStatus> = {
  active: "active",
  expired: "expired",
  cancelled: "cancelled",
  "cancel request dealer review": "cancelByDealer",
  "cancel request consumer review": "cancelByCustomer",
};

/** Server status text to a plan status; the ACE screen's upper-case forms too. Unknown text is null. */
function toPlanStatus(text: string | null): PlanStatus | null {
  return (text && STATUS_BY_TEXT[text.trim().toLowerCase()]) || null;
}

function toPlanType(text: string | null): PlanType {
  const known: PlanType[] = ["FPP", "Ace", "Mace", "LEGACY"];
  return known.find((type) => type.toLowerCase() === text?.toLowerCase()) ?? "UNKNOWN";
}

function toNumber(value: number | string | null): number | null {
  const n = typeof value === "string" ? Number(value) : value;
  return n === null || !Number.isFinite(n) ? null : n;
}

function toPlanItem(item: WirePlanItem): PlanItem {
  return {
    id: item.id,
    type: item.type,
    manufacturer: item.manufacturer,
    material: item.material,
    color: item.color,
    description: item.itemDescription,
    vendor: item.vendor,
    sku: item.sku,
    price: toNumber(item.itemPrice),
    modelNumber: item.modelNumber,
    quantity: item.quantity,
    returned: item.returned,
    fullReplacement: item.full_replacement,
  };
}

/** Maps one wire plan to a domain plan. */
export function toPlan(plan: WirePlan): Plan {
  const name = [plan.firstName, plan.lastName].filter(Boolean).join(" ").trim();
  return {
    id: plan.id,
    number: plan.number,
    status: toPlanStatus(plan.planStatus),
    planType: toPlanType(plan.planType),
    programName: plan.programName,
    customerId: plan.customerId,
    customerName: name || null,
    purchaseDate: plan.purchaseDate,
    deliveryDate: plan.deliveryDate,
    expirationDate: plan.expirationDate,
    store: plan.store,
    invoiceId: plan.invoiceId,
    totalPrice: toNumber(plan.totalPrice),
    items: plan.warrantyItems.map(toPlanItem),
  };
}

/** Plans sorted Active first, then by id (SPEC.md section 3, "Ordering"). */
function sortPlans(plans: Plan[]): Plan[] {
  return [...plans].sort((a, b) => Number(b.status === "active") - Number(a.status === "active") || a.id - b.id);
}

/** The search_plan payload for a query, with the search type codes of SPEC.md section 3. */
export function toSearchRequest(query: PlanQuery): SearchPlanRequest {
  if (query.by === "warrantyNumber") return { search_type: SEARCH_TYPES.warrantyNumber, number: query.number.trim() };
  const person = {
    name_first: query.firstName.trim(),
    name_last: query.lastName.trim(),
    ...(query.zip?.trim() && { zip_code: query.zip.trim() }),
  };
  if (query.by === "email") return { search_type: SEARCH_TYPES.email, ...person, email: query.email?.trim() ?? "" };
  if (query.by === "phone")
    return { search_type: SEARCH_TYPES.phone, ...person, phone_number: query.phone?.trim() ?? "" };
  return { search_type: SEARCH_TYPES.invoice, ...person, invoice_number: query.invoice?.trim() ?? "" };
}

/**
 * POST /search_plan: `{ plans }`, every plan found (FPP and ACE) sorted, none when nothing matched;
 * or `{ challenge }` when the API asks for a proof-of-work first (HTTP 428 CHALLENGE_REQUIRED,
 * SECURITY.md), also when it refused `proof`, a solved earlier challenge sent in the X-Altcha header.
 * @throws CallFailed for any other failure (rateLimited for an HTTP 429)
 */
export async function searchPlans(query: PlanQuery, proof?: ChallengeProof): Promise<SearchAnswer> {
  return withCallFailure(() => searchOnce(query, proof));
}

async function searchOnce(query: PlanQuery, proof?: ChallengeProof): Promise<SearchAnswer> {
  try {
    const body = await http
      .post("search_plan", {
        json: toSearchRequest(query),
        ...(proof && { headers: { [CHALLENGE_HEADER]: proofHeader(proof) } }),
      })
      .json(searchPlanResponseSchema);
    return { plans: sortPlans([...body.customers, ...body.aceCustomers].map(toPlan)) };
  } catch (error) {
    const asked =
      isHTTPError(error) && error.response.status === CHALLENGE_STATUS
        ? v.safeParse(challengeAnswerSchema, error.data)
        : null;
    if (asked?.success) return { challenge: asked.output.challenge };
    throw error;
  }
}

/** GET /ace/plan/{id}?customerId=..: the ACE plan, or null when the answer holds none. @throws CallFailed */
export async function fetchAcePlan(
  planId: number,
  customerId: number,
  claimId?: number,
  client: ApiClient = http,
): Promise<Plan | null> {
  const body = await withCallFailure(() =>
    client
      .get(`ace/plan/${planId}`, { searchParams: { customerId, ...(claimId && { claimId }) } })
      .json(searchPlanResponseSchema),
  );
  const plan = body.customers[0];
  return plan ? toPlan(plan) : null;
}

/**
 * GET /plan/{id}: the plan, or null when the answer holds none. With `claimId` (the claim being
 * filed) the plan also lists the missing line items that claim added.
 */
export async function fetchPlan(planId: number, claimId?: number, client: ApiClient = http): Promise<Plan | null> {
  return withCallFailure(async () =>
    planFromAnswer(await client.get(`plan/${planId}`, claimId ? { searchParams: { claimId } } : {}).json()),
  );
}

/** The plan in an answer of GET /plan/{id}, or null when it holds none. @throws ValiError when the answer is not one */
function planFromAnswer(body: unknown): Plan | null {
  const plan = v.parse(searchPlanResponseSchema, body).customers[0];
  return plan ? toPlan(plan) : null;
}

/**
 * Each of `plans` loaded again by id (ACE plans with ace/plan/{id}?customerId=, others plan/{id}),
 * so its names come in the language the calls ask for (Accept-Language, http.ts; SPEC.md section
 * 9) without searching again. In the same order; never rejects: a plan whose call fails, or whose
 * answer holds none, is given as it was, in its last language.
 */
export async function fetchPlansAgain(plans: readonly Plan[]): Promise<Plan[]> {
  return Promise.all(
    plans.map(async (plan) => {
      try {
        return (
          (await (isAcePlanType(plan.planType) ? fetchAcePlan(plan.id, plan.customerId) : fetchPlan(plan.id))) ?? plan
        );
      } catch {
        return plan;
      }
    }),
  );
}
