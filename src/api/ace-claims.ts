/**
 * ACE claim calls (SPEC.md section 7, "ACE calls"): per-model lookups, one call per claim item and
 * per damage, the ACE document prefix, the customer's contact information, and submit. Each throws
 * ky's HTTPError or a SchemaValidationError on failure.
 */
import type { AceOptions, Claim, DamageEntry, ItemDetails, Lookup, ModelOptions } from "../../machines/domain.ts";
import { toClaim } from "./claims.ts";
import {
  INCOMPLETE_CLAIM_MESSAGE,
  SUBMIT_504_IS_SUCCESS,
  http,
  submitOutcomeOfFailure,
  withCallFailure,
  type ApiClient,
} from "./http.ts";
import type { SubmitOutcome } from "../../machines/outcomes.ts";
import {
  aceClaimItemResponseSchema,
  aceDamageResponseSchema,
  claimDetailSchema,
  customerInfoResponseSchema,
  lookupListSchema,
  messageSchema,
  type CustomerInfo,
} from "../../contract/schemas.ts";

async function lookupList(client: ApiClient, path: string, modelNo?: string): Promise<Lookup[]> {
  try {
    return (await client.get(path, modelNo ? { searchParams: { modelNo } } : {}).json(lookupListSchema)).result;
  } catch {
    return []; // As for FPP lookups: an empty list on failure, the select then says what is missing.
  }
}

/** The ACE option lists shared by every item. Never rejects. */
export async function fetchAceOptions(client: ApiClient = http): Promise<AceOptions> {
  const [manufacturers, materials, colors, remedies] = await Promise.all([
    lookupList(client, "ace/all_manufacturer"),
    lookupList(client, "ace/all_material"),
    lookupList(client, "ace/all_color"),
    lookupList(client, "ace/actions_taken_lookup_values"),
  ]);
  return { manufacturers, materials, colors, remedies };
}

/** Damage types, causes and damage areas of one model number (SPEC.md: fetched per model). */
export async function fetchModelOptions(modelNo: string, client: ApiClient = http): Promise<ModelOptions> {
  const [damageTypes, howItHappened, damageAreas] = await Promise.all([
    lookupList(client, "ace/damage_type_lookup_values", modelNo),
    lookupList(client, "ace/how_did_it_occur_lookup_values", modelNo),
    lookupList(client, "ace/specific_location_lookup_values", modelNo),
  ]);
  return { damageTypes, howItHappened, damageAreas };
}

/** GET /ace/claim/{claimId}; a 404 (CLAIM_NOT_FOUND) rejects, as every failure, with a CallFailed. */
export async function fetchAceClaim(claimId: number, client: ApiClient = http): Promise<Claim> {
  return withCallFailure(async () => toClaim(await client.get(`ace/claim/${claimId}`).json(claimDetailSchema)));
}

/** POST /ace/insert_claim_item, one call per item, in order. */
export async function saveAceClaimItems(
  claim: { claimId: number; planId: number },
  items: Array<{ planItemId: number; claimItemId?: number; itemTypeId: number | null } & ItemDetails>,
  client: ApiClient = http,
): Promise<void> {
  for (const item of items) {
    await client
      .post("ace/insert_claim_item", {
        json: {
          claimId: claim.claimId,
          warrentyId: claim.planId,
          ...(item.claimItemId && { claimItemId: item.claimItemId }),
          selectedItemId: item.planItemId,
          manuFacturer: item.manufacturerId,
          material: item.materialId,
          color: item.colorId,
          itemType: item.itemTypeId,
        },
      })
      .json(aceClaimItemResponseSchema);
  }
}

/** DELETE /ace/remove_claim_items/{claimId}/{itemId}. */
export async function removeAceClaimItem(
  claimId: number,
  claimItemId: number,
  client: ApiClient = http,
): Promise<void> {
  await client.delete(`ace/remove_claim_items/${claimId}/${claimItemId}`).json(messageSchema);
}

/** POST /ace/insert_claim_item_damage, one call per new damage, in order. */
export async function saveAceDamages(
  claim: { claimId: number; customerId: number },
  damages: Array<{ planItemId: number } & DamageEntry>,
  client: ApiClient = http,
): Promise<void> {
  for (const damage of damages) {
    await client
      .post("ace/insert_claim_item_damage", {
        json: {
          claimId: claim.claimId,
          customerId: claim.customerId,
          selectedItemId: damage.planItemId,
          damageType: damage.damageTypeId,
          specificLocation: damage.damageAreaId,
          damageDate: damage.noticedOn,
          howDidOccur: damage.howItHappenedId,
          actionTaken: damage.remedyId,
          notes: damage.note.trim(),
        },
      })
      .json(aceDamageResponseSchema);
  }
}

/** DELETE /ace/delete_claim_item_damage/{id}. */
export async function deleteAceDamage(damageId: number, client: ApiClient = http): Promise<void> {
  await client.delete(`ace/delete_claim_item_damage/${damageId}`).json(messageSchema);
}

/** DELETE /ace/delete_uploaded_documents_of_claim/{docId}. @throws CallFailed saying whether the server refused */
export async function deleteAceDocument(documentId: number, client: ApiClient = http): Promise<void> {
  await withCallFailure(() =>
    client.delete(`ace/delete_uploaded_documents_of_claim/${documentId}`).json(messageSchema),
  );
}

/**
 * PUT /ace/submit_claim/{claimId}, as a SubmitOutcome (SPEC.md section 4): any answer is submitted
 * but one whose message is 'Claim is incomplete'; an HTTP 504 is gatewayTimeout (the machine counts
 * it as success, so it is not retried) and a CLAIM_ALREADY_SUBMITTED refusal alreadySubmitted.
 * @throws CallFailed for any other failure
 */
export async function submitAceClaim(claimId: number, client: ApiClient = http): Promise<SubmitOutcome> {
  return withCallFailure(async () => {
    try {
      const { message } = await client.put(`ace/submit_claim/${claimId}`, SUBMIT_504_IS_SUCCESS).json(messageSchema);
      return { kind: message === INCOMPLETE_CLAIM_MESSAGE ? "incomplete" : "submitted" };
    } catch (error) {
      const outcome = submitOutcomeOfFailure(error);
      if (outcome) return outcome;
      throw error;
    }
  });
}

/** The contact details a claim's step 2 starts from. */
export interface CustomerContact {
  /** On file, "" where one is missing (email, phone and street masked for a session without proof). */
  onFile: Record<keyof CustomerInfo, string>;
  /** Typed for this claim by a session that held only the warranty number: never the owner's own. */
  typedForClaim: Partial<Record<keyof CustomerInfo, string>>;
}

/** GET /ace/customer_info/{customerId}?claimId=: the details on file and those typed for the claim. */
export async function fetchCustomerInfo(
  customerId: number,
  claimId: number,
  client: ApiClient = http,
): Promise<CustomerContact> {
  const { result } = await client
    .get(`ace/customer_info/${customerId}`, { searchParams: { claimId } })
    .json(customerInfoResponseSchema);
  const { unverified, ...onFile } = result;
  const present = (fields: Record<string, string | null | undefined>) =>
    Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return {
    onFile: Object.fromEntries(Object.entries(onFile).map(([key, value]) => [key, value ?? ""])) as Record<
      keyof CustomerInfo,
      string
    >,
    typedForClaim: present(unverified ?? {}),
  };
}

/**
 * PUT /ace/customer_info/{customerId}?claimId=: for a session that proved who it is, the details
 * on file; for one that holds only the warranty number, details kept for this claim alone.
 */
export async function saveCustomerInfo(
  customerId: number,
  claimId: number,
  info: CustomerInfo,
  client: ApiClient = http,
): Promise<void> {
  await client.put(`ace/customer_info/${customerId}`, { json: info, searchParams: { claimId } }).json(messageSchema);
}
