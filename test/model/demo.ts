/**
 * The reference API's demo data (server/seed/seed-data.ts, listed in README) as the machines see it, for
 * the QA tables' fixtures: plans with their items and the lookup lists, by name. Ids here are the
 * model's own; gestures and checks find records by the names a person reads, never by id.
 */
import type { Lookup, Plan, PlanItem, PlanStatus } from "../../machines/domain.ts";
import { DEMO_PLANS, LOOKUP_LISTS, type DemoPlan } from "../../server/seed/seed-data.ts";
import { KINDS, type LookupKind } from "../../server/domain/lookup-kinds.ts";

/** A lookup list of the demo data, ids counted from 1 in list order. */
export function demoLookups(kind: LookupKind, modelNo?: string): Lookup[] {
  const list = LOOKUP_LISTS.find((one) => one.kind === kind && one.modelNo === modelNo);
  if (!list) throw new Error(`No demo lookup list ${kind}${modelNo ? ` of ${modelNo}` : ""}`);
  return list.names.map((name, index) => ({ id: index + 1, name }));
}

/** A per-model ACE list as the API answers it: the model's own names first, then those of every model. */
export function demoModelLookups(kind: LookupKind, modelNo: string): Lookup[] {
  const own = LOOKUP_LISTS.find((one) => one.kind === kind && one.modelNo === modelNo)?.names ?? [];
  const shared = LOOKUP_LISTS.find((one) => one.kind === kind && one.modelNo === undefined)?.names ?? [];
  return [...own, ...shared].map((name, index) => ({ id: index + 1, name }));
}

function demoRecord(number: string): { record: DemoPlan; index: number } {
  const index = DEMO_PLANS.findIndex((plan) => plan.number === number);
  if (index < 0) throw new Error(`No demo plan ${number}`);
  return { record: DEMO_PLANS[index]!, index };
}

/** A name of a demo lookup list with its id there. */
function lookupNamed(kind: LookupKind, name: string): Lookup {
  const found = demoLookups(kind).find((lookup) => lookup.name === name);
  if (!found) throw new Error(`No ${name} in the demo list ${kind}`);
  return found;
}

/** The plan item ids of a demo plan: its plan's id times 10 plus its position, so they never clash. */
export const demoItemId = (planId: number, position: number) => planId * 10 + position + 1;

/** A demo plan as the portal's API client hands it to the machines. */
export function demoPlan(number: string): Plan {
  const { record, index } = demoRecord(number);
  const id = index + 1;
  const ace = record.planType === "Ace";
  return {
    id,
    number: record.number,
    status: record.status.toLowerCase() as PlanStatus,
    planType: record.planType,
    programName: record.programName,
    customerId: 100 + DEMO_PLANS.findIndex((plan) => plan.customer.email === record.customer.email),
    customerName: `${record.customer.firstName} ${record.customer.lastName}`,
    purchaseDate: record.purchaseDate,
    deliveryDate: record.deliveryDate,
    expirationDate: record.expirationDate,
    store: record.store,
    invoiceId: record.invoice,
    totalPrice: record.totalPrice,
    items: record.items.map((item, position): PlanItem => ({
      id: demoItemId(id, position),
      type: lookupNamed(KINDS.itemType, item.type),
      manufacturer: lookupNamed(ace ? KINDS.aceManufacturer : KINDS.manufacturer, item.manufacturer),
      material: lookupNamed(ace ? KINDS.aceMaterial : KINDS.material, item.material),
      color: lookupNamed(ace ? KINDS.aceColor : KINDS.color, item.color),
      description: item.description,
      vendor: item.vendor,
      sku: item.sku,
      price: item.price,
      modelNumber: item.modelNumber,
      quantity: item.quantity,
      returned: item.returned ?? false,
      fullReplacement: item.fullReplacement ?? false,
    })),
  };
}

/** The demo customer of a plan, as a person types it into the search and contact forms. */
export const demoCustomer = (number: string) => ({
  ...demoRecord(number).record.customer,
  invoice: demoRecord(number).record.invoice,
});

/** The demo plan a model plan stands for, by its item's name. */
export function itemName(plan: Plan | null | undefined, planItemId: number): string {
  return plan?.items.find((item) => item.id === planItemId)?.type?.name ?? `item ${planItemId}`;
}
