/**
 * A stateful fake of the FPP claims API for the screen tests (the wire contract of
 * contract/schemas.ts): one plan, one claim, the lookup lists, and the writes the claim wizard and
 * the missing line item page make. Every request is recorded; writes are checked against the
 * request schemas (400 'Invalid request' otherwise, as the reference server answers) and change
 * what the next GET claim/{id} or GET plan/{id} returns, so a screen shows what the server holds.
 */
import * as v from "valibot";
import {
  CLAIM_LOOKUP_PATHS,
  claimDetailSchema,
  claimItemsRequestSchema,
  claimLookupsSchema,
  damagesRequestSchema,
  lookupListSchema,
  manualItemRequestSchema,
  searchPlanResponseSchema,
  type Lookup,
  type WireClaimDetail,
  type WireClaimItem,
  type WireDamage,
  type WirePlan,
  type WirePlanItem,
} from "../../contract/schemas.ts";
import { json, type FakeNetwork } from "./render-app.tsx";

export const API = "http://portal.test/api/v1/";

export const PLAN_ID = 300;
export const CLAIM_ID = 555;
export const CUSTOMER_ID = 900;

const entry = (id: number, name: string): Lookup => ({ id, name });

/** The lookup lists, by call path. */
export const LOOKUPS = {
  all_item_type: [entry(11, "Sofa"), entry(12, "Chair"), entry(13, "Table"), entry(14, "Lamp"), entry(15, "Recliner")],
  all_manufacturer: [entry(21, "Ashley"), entry(22, "La-Z-Boy")],
  all_material: [entry(31, "Leather"), entry(32, "Fabric")],
  all_color: [entry(41, "Brown"), entry(42, "Grey")],
  damage_type_lookup_values: [entry(51, "Scratch"), entry(52, "Stain")],
  specific_damage_lookup_values: [entry(61, "Tear"), entry(62, "Dent")],
  how_did_it_occur_lookup_values: [entry(71, "Pet"), entry(72, "Spill")],
  actions_taken_lookup_values: [entry(81, "None"), entry(82, "Cleaned it")],
} satisfies Record<string, Lookup[]>;

/** Damage-area options of the claim (damageAreasDisp). */
export const DAMAGE_AREAS = [entry(91, "Seat"), entry(92, "Arm")];

const nameIn = (list: Lookup[], id: number | null | undefined): Lookup => list.find((item) => item.id === id) ?? entry(id ?? 0, `#${id}`);

export function planItem(id: number, type: Lookup, overrides: Partial<WirePlanItem> = {}): WirePlanItem {
  return {
    id,
    trackKey: null,
    itemOrigin: "INVOICE",
    type,
    manufacturer: LOOKUPS.all_manufacturer[0]!,
    material: LOOKUPS.all_material[0]!,
    color: LOOKUPS.all_color[0]!,
    itemDescription: null,
    vendor: "Ashley Furniture",
    sku: `SKU-${id}`,
    itemPrice: 499,
    modelNumber: `M-${id}`,
    quantity: 1,
    location: null,
    returned: false,
    full_replacement: false,
    ...overrides,
  };
}

/** Plan 300: Sofa and Chair can be claimed; Table was returned; Lamp was fully replaced. */
export function wizardPlan(): WirePlan {
  return {
    id: PLAN_ID,
    number: "W-T00-000300",
    planStatus: "Active",
    planType: "FPP",
    programName: "Furniture Protection Plan 5-Year",
    programId: 501,
    dealerId: 1,
    invoiceId: "INV-300",
    store: "NY-0142",
    purchaseDate: "2025-03-14",
    deliveryDate: "2025-03-19",
    expirationDate: "2030-03-01",
    totalPrice: 2000,
    warrantyProgramPrice: 199,
    customerId: CUSTOMER_ID,
    firstName: "Jane",
    lastName: "Doe",
    aceMigrated: false,
    internallyGenerated: false,
    warrantyItems: [
      planItem(1, LOOKUPS.all_item_type[0]!),
      planItem(2, LOOKUPS.all_item_type[1]!, { manufacturer: LOOKUPS.all_manufacturer[1]!, material: LOOKUPS.all_material[1]!, color: LOOKUPS.all_color[1]!, vendor: null }),
      planItem(3, LOOKUPS.all_item_type[2]!, { returned: true }),
      planItem(4, LOOKUPS.all_item_type[3]!, { full_replacement: true }),
    ],
  };
}

/** A stored damage with the given lookup ids (names from the lists above). */
export function wireDamage(id: number, values: { type?: number; specific?: number | null; area?: number; occurred?: number; action?: number; date?: string; notes?: string } = {}): WireDamage {
  return {
    id,
    damageCategory: nameIn(LOOKUPS.damage_type_lookup_values, values.type ?? 51),
    specificDamage: values.specific === null ? null : nameIn(LOOKUPS.specific_damage_lookup_values, values.specific ?? 61),
    specificLocation: nameIn(DAMAGE_AREAS, values.area ?? 91),
    occuredReason: nameIn(LOOKUPS.how_did_it_occur_lookup_values, values.occurred ?? 71),
    actionTaken: nameIn(LOOKUPS.actions_taken_lookup_values, values.action ?? 81),
    damageDate: values.date ?? "2025-05-01",
    notes: values.notes ?? `damage ${id}`,
  };
}

/** A claim item saved for a plan item, with the plan item's own details unless told otherwise. */
export function savedItem(
  id: number,
  planItemId: number,
  extra: { damages?: WireDamage[]; documents?: Array<{ id: number; fileName: string }>; manufacturer?: number; material?: number; color?: number } = {},
): WireClaimItem {
  const item = wizardPlan().warrantyItems.find((candidate) => candidate.id === planItemId)!;
  return {
    id,
    warrntyItemId: planItemId,
    type: item.type,
    manufacturer: extra.manufacturer ? nameIn(LOOKUPS.all_manufacturer, extra.manufacturer) : item.manufacturer!,
    material: extra.material ? nameIn(LOOKUPS.all_material, extra.material) : item.material!,
    color: extra.color ? nameIn(LOOKUPS.all_color, extra.color) : item.color!,
    damages: extra.damages ?? [],
    documents_and_photos: extra.documents ?? [],
  };
}

export interface RecordedCall {
  method: string;
  /** Path after /api/v1/, with the query string. */
  path: string;
  body: unknown;
}

export interface ClaimServerOptions {
  items?: WireClaimItem[];
  status?: string;
  /** GET claim/{id} answers 404 CLAIM_NOT_FOUND. */
  claimMissing?: boolean;
  /** Lookup paths whose GET answers 500 (any of the claim's seven fails GET lookups). */
  failingLookups?: string[];
}

export interface ClaimServer {
  network: FakeNetwork;
  calls: RecordedCall[];
  /** Every call but GETs. */
  writes(): RecordedCall[];
  plan: WirePlan;
  items: WireClaimItem[];
  /** Answer of PUT submit_claim ('Succeed' submits the claim). */
  submitMessage: string;
  /** Answer of POST insert_manual_warr_item. */
  manualItemMessage: string;
  failingLookups: Set<string>;
  /** Consulted first: a Response replaces the fake's own answer for that call. */
  answer: (call: RecordedCall) => Response | undefined;
}

const notFound = (code: string) => json({ code, message: "Not found" }, 404);
const invalid = () => json({ message: "Invalid request", errors: {} }, 400);

export function claimServer(options: ClaimServerOptions = {}): ClaimServer {
  let status = options.status ?? "Draft";
  let nextId = 1000;
  const server: ClaimServer = {
    calls: [],
    writes: () => server.calls.filter((call) => call.method !== "GET"),
    plan: wizardPlan(),
    items: structuredClone(options.items ?? []),
    submitMessage: "Succeed",
    manualItemMessage: "Succeed",
    failingLookups: new Set(options.failingLookups ?? []),
    answer: () => undefined,
    network: async (request) => {
      const url = new URL(request.url);
      const path = url.href.startsWith(API) ? url.href.slice(API.length) : url.href;
      const text = request.method === "GET" || request.method === "HEAD" ? "" : await request.text();
      const body: unknown = text ? JSON.parse(text) : undefined;
      const call: RecordedCall = { method: request.method, path, body };
      server.calls.push(call);
      return server.answer(call) ?? handle(call, url);
    },
  };

  const claimDetail = (): WireClaimDetail =>
    v.parse(claimDetailSchema, {
      claim: { id: CLAIM_ID, status, warrentyId: PLAN_ID, customerId: CUSTOMER_ID, claimSatusCode: null },
      items: server.items,
      damageAreasDisp: DAMAGE_AREAS,
      documents: server.items.flatMap((item) => item.documents_and_photos.map((document) => ({ ...document, claimItemId: item.id }))),
    });

  function handle(call: RecordedCall, url: URL): Response {
    const route = `${call.method} ${url.pathname.replace("/api/v1/", "")}`;
    let match: RegExpMatchArray | null;

    if (call.method === "GET" && route.slice(4) in LOOKUPS) {
      const name = route.slice(4) as keyof typeof LOOKUPS;
      if (server.failingLookups.has(name)) return json({ message: "Server error" }, 500);
      return json(v.parse(lookupListSchema, { result: LOOKUPS[name] }));
    }
    if (route === "GET lookups") {
      // The claim's seven lists in one answer: it fails when any of them is set to fail.
      if (CLAIM_LOOKUP_PATHS.some((name) => server.failingLookups.has(name))) return json({ message: "Server error" }, 500);
      return json(v.parse(claimLookupsSchema, { result: Object.fromEntries(CLAIM_LOOKUP_PATHS.map((name) => [name, LOOKUPS[name]])) }));
    }
    if ((match = route.match(/^GET plan\/(\d+)$/))) {
      if (Number(match[1]) !== PLAN_ID) return notFound("PLAN_NOT_FOUND");
      return json(v.parse(searchPlanResponseSchema, { customers: [server.plan], aceCustomers: [] }));
    }
    if ((match = route.match(/^GET claim\/(\d+)$/))) {
      if (options.claimMissing || Number(match[1]) !== CLAIM_ID) return notFound("CLAIM_NOT_FOUND");
      return json(claimDetail());
    }
    if (route === "POST insert_update_claim_item") {
      const parsed = v.safeParse(claimItemsRequestSchema, call.body);
      if (!parsed.success || parsed.output.claimId !== CLAIM_ID || parsed.output.warrentyId !== PLAN_ID) return invalid();
      const results = parsed.output.claim_items.map((wanted) => {
        const planItem = server.plan.warrantyItems.find((item) => item.id === wanted.selectedItemId)!;
        const existing = server.items.find((item) => item.warrntyItemId === wanted.selectedItemId);
        const details = {
          manufacturer: nameIn(LOOKUPS.all_manufacturer, wanted.manuFacturer),
          material: nameIn(LOOKUPS.all_material, wanted.material),
          color: nameIn(LOOKUPS.all_color, wanted.color),
        };
        if (existing) Object.assign(existing, details);
        else server.items.push({ id: nextId++, warrntyItemId: wanted.selectedItemId, type: planItem.type, ...details, damages: [], documents_and_photos: [] });
        const saved = server.items.find((item) => item.warrntyItemId === wanted.selectedItemId)!;
        return { claimItemId: saved.id, selectedItemId: wanted.selectedItemId };
      });
      return json({ message: "Succeed", results });
    }
    if ((match = route.match(/^DELETE remove_claim_items\/(\d+)$/))) {
      const index = server.items.findIndex((item) => item.id === Number(match![1]));
      if (index < 0) return notFound("CLAIM_ITEM_NOT_FOUND");
      server.items.splice(index, 1);
      return json({ message: "Succeed" });
    }
    if (route === "POST insert_claim_item_damage") {
      const parsed = v.safeParse(damagesRequestSchema, call.body);
      if (!parsed.success || parsed.output.claimId !== CLAIM_ID || parsed.output.customerId !== CUSTOMER_ID) return invalid();
      const ids = parsed.output.damage_item.map((damage) => {
        const item = server.items.find((candidate) => candidate.warrntyItemId === damage.selectedItemId);
        const id = nextId++;
        item?.damages.push(
          wireDamage(id, {
            type: damage.damageType,
            specific: damage.specificDamage ?? null,
            area: damage.specificLocation,
            occurred: damage.howDidOccur,
            action: damage.actionTaken,
            date: damage.damageDate,
            notes: damage.notes,
          }),
        );
        return id;
      });
      return json({ message: "Succeed", multipleDamageIds: ids });
    }
    if ((match = route.match(/^DELETE delete_claim_item_damage\/(\d+)$/))) {
      const item = server.items.find((candidate) => candidate.damages.some((damage) => damage.id === Number(match![1])));
      if (!item) return notFound("DAMAGE_NOT_FOUND");
      item.damages = item.damages.filter((damage) => damage.id !== Number(match![1]));
      return json({ message: "Succeed" });
    }
    if ((match = route.match(/^DELETE delete_uploaded_documents_of_claim\/(\d+)$/))) {
      const item = server.items.find((candidate) => candidate.documents_and_photos.some((document) => document.id === Number(match![1])));
      if (!item) return notFound("DOCUMENT_NOT_FOUND");
      item.documents_and_photos = item.documents_and_photos.filter((document) => document.id !== Number(match![1]));
      return json({ message: "Succeed" });
    }
    if ((match = route.match(/^PUT submit_claim\/(\d+)\/(\d+)$/))) {
      if (Number(match[1]) !== CLAIM_ID || Number(match[2]) !== CUSTOMER_ID) return notFound("CLAIM_NOT_FOUND");
      if (server.submitMessage === "Succeed") status = "Open";
      return json({ message: server.submitMessage });
    }
    if (route === "POST insert_manual_warr_item") {
      const parsed = v.safeParse(manualItemRequestSchema, call.body);
      if (!parsed.success || parsed.output.claimId !== CLAIM_ID || parsed.output.warrentyId !== PLAN_ID) return invalid();
      if (server.manualItemMessage === "Succeed") {
        const item = parsed.output;
        server.plan.warrantyItems.push(
          planItem(nextId++, nameIn(LOOKUPS.all_item_type, item.itemType), {
            itemOrigin: "MANUAL",
            manufacturer: nameIn(LOOKUPS.all_manufacturer, item.manuFacturer),
            material: nameIn(LOOKUPS.all_material, item.material),
            color: nameIn(LOOKUPS.all_color, item.color),
            vendor: item.vendor ?? null,
            sku: item.sku ?? null,
            itemPrice: item.price,
            modelNumber: item.modelNumber,
            quantity: item.quantity,
            itemDescription: item.description,
          }),
        );
      }
      return json({ message: server.manualItemMessage });
    }
    return notFound("NOT_FOUND");
  }

  return server;
}
