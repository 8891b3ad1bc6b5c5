/**
 * Domain records shared by the machine tests: small, explicit and typed against machines/domain.ts,
 * so a change of shape fails to compile here rather than silently passing.
 */
import type {
  Claim,
  ClaimItem,
  ClaimOptions,
  DamageEntry,
  Lookup,
  Plan,
  PlanItem,
  PlanQuery,
  SavedDamage,
} from "../../../machines/domain.ts";
import type { LoadedClaim } from "../../../machines/claim-wizard.ts";

const lookup = (id: number, name: string): Lookup => ({ id, name });

export function planItem(id: number, overrides: Partial<PlanItem> = {}): PlanItem {
  return {
    id,
    type: lookup(100 + id, `type ${id}`),
    manufacturer: null,
    material: null,
    color: null,
    description: null,
    vendor: null,
    sku: null,
    price: 100,
    modelNumber: `M-${id}`,
    quantity: 1,
    returned: false,
    fullReplacement: false,
    ...overrides,
  };
}

export function plan(id: number, overrides: Partial<Plan> = {}): Plan {
  return {
    id,
    number: `W-${id}`,
    status: "active",
    planType: "FPP",
    programName: null,
    customerId: 700,
    customerName: "Ada Lovelace",
    purchaseDate: "2024-01-02",
    deliveryDate: "2024-01-09",
    expirationDate: "2029-01-02",
    store: "S1",
    invoiceId: "INV-1",
    totalPrice: 1000,
    items: [],
    ...overrides,
  };
}

export const warrantyQuery = { by: "warrantyNumber", number: "W-E34-WS4566" } as const satisfies PlanQuery;
export const emailQuery = {
  by: "email",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
} as const satisfies PlanQuery;

/** The FPP plan of the claim wizard: two claimable items, one returned, one fully replaced. */
export const wizardPlan = plan(1, {
  items: [planItem(1), planItem(2), planItem(3, { returned: true }), planItem(4, { fullReplacement: true })],
});

export const options: ClaimOptions = {
  manufacturers: [lookup(1, "Acme")],
  materials: [lookup(2, "Oak")],
  colors: [lookup(3, "Red")],
  damageTypes: [lookup(4, "Stain")],
  specificDamages: [lookup(8, "Tear")],
  howItHappened: [lookup(5, "Spill")],
  remedies: [lookup(6, "None")],
};

export const savedDamage = (id: number): SavedDamage => ({
  id,
  damageTypeId: 4,
  specificDamageId: 8,
  damageAreaId: 7,
  howItHappenedId: 5,
  remedyId: 6,
  noticedOn: "2024-05-01",
  note: `saved ${id}`,
});

/** A complete damage block as typed on step 4, not yet on the server. */
export const newDamage = (note = "torn seat"): DamageEntry => ({
  damageTypeId: 4,
  specificDamageId: 8,
  damageAreaId: 7,
  howItHappenedId: 5,
  remedyId: 6,
  noticedOn: "2024-06-01",
  note,
});

export function claimItem(id: number, planItemId: number, overrides: Partial<ClaimItem> = {}): ClaimItem {
  return { id, planItemId, manufacturerId: 1, materialId: 2, colorId: 3, damages: [], documents: [], ...overrides };
}

export function claim(overrides: Partial<Claim> = {}): Claim {
  return {
    id: 55,
    status: "Draft",
    planId: 1,
    customerId: 700,
    items: [],
    damageAreas: [lookup(7, "Seat")],
    ...overrides,
  };
}

export const loaded = (c: Claim): LoadedClaim => ({ claim: c, plan: wizardPlan, options });

/** A draft with nothing saved yet (just created). */
export const freshClaim = claim();
/** A draft whose item 1 is saved with one saved damage and one document: ready for review. */
export const readyClaim = claim({
  items: [claimItem(11, 1, { damages: [savedDamage(901)], documents: [{ id: 501, fileName: "sofa.jpg" }] })],
});
/** A draft whose item 1 is saved, without damages or documents yet (step 4 reachable, 5 not). */
export const itemsSavedClaim = claim({ items: [claimItem(11, 1)] });
/** A claim already submitted. */
export const submittedClaim = claim({ status: "Open", items: readyClaim.items });
