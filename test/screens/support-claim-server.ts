/**
 * A stateful fake of the FPP claims API for the screen tests (the wire contract of
 * contract/schemas.ts), as MSW request handlers by route: one plan, one claim, the lookup lists,
 * and the writes the claim wizard and the missing line item page make. Writes are checked against
 * the request schemas (400 'Invalid request' otherwise, as the reference server answers) and change
 * what the next GET claim/{id} or GET plan/{id} returns, so a screen shows what the server holds.
 * The calls themselves are recorded by support-network.ts.
 */
import { http, HttpResponse, type AnyHandler, type HttpHandler, type PathParams } from "msw";
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
import { API, calls, writes } from "./support-network.ts";

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
const DAMAGE_AREAS = [entry(91, "Seat"), entry(92, "Arm")];

const nameIn = (list: Lookup[], id: number | null | undefined): Lookup =>
  list.find((item) => item.id === id) ?? entry(id ?? 0, `#${id}`);

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
      planItem(2, LOOKUPS.all_item_type[1]!, {
        manufacturer: LOOKUPS.all_manufacturer[1]!,
        material: LOOKUPS.all_material[1]!,
        color: LOOKUPS.all_color[1]!,
        vendor: null,
      }),
      planItem(3, LOOKUPS.all_item_type[2]!, { returned: true }),
      planItem(4, LOOKUPS.all_item_type[3]!, { full_replacement: true }),
    ],
  };
}

/** A stored damage with the given lookup ids (names from the lists above). */
export function wireDamage(
  id: number,
  values: {
    type?: number;
    specific?: number | null;
    area?: number;
    occurred?: number;
    action?: number;
    date?: string;
    notes?: string;
  } = {},
): WireDamage {
  return {
    id,
    damageCategory: nameIn(LOOKUPS.damage_type_lookup_values, values.type ?? 51),
    specificDamage:
      values.specific === null ? null : nameIn(LOOKUPS.specific_damage_lookup_values, values.specific ?? 61),
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
  extra: {
    damages?: WireDamage[];
    documents?: Array<{ id: number; fileName: string }>;
    manufacturer?: number;
    material?: number;
    color?: number;
  } = {},
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

/** POST search_plan answering with these plans (none by default: the search finds nothing). */
export function searchFinding(plans: WirePlan[] = []): HttpHandler {
  return http.post(`${API}search_plan`, () =>
    HttpResponse.json(v.parse(searchPlanResponseSchema, { customers: plans, aceCustomers: [] })),
  );
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
  /** The fake's routes, for renderApp; a test puts a handler first to answer a call its own way. */
  handlers: AnyHandler[];
  /** The calls of the rendered app (support-network.ts). */
  calls: typeof calls;
  /** Every call but GETs. */
  writes: typeof writes;
  plan: WirePlan;
  items: WireClaimItem[];
  /** Answer of PUT submit_claim ('Succeed' submits the claim). */
  submitMessage: string;
  /** Answer of POST insert_manual_warr_item. */
  manualItemMessage: string;
  failingLookups: Set<string>;
}

const json = (body: unknown, status = 200) => HttpResponse.json(body as object, { status });
const notFound = (code: string) => json({ code, message: "Not found" }, 404);
const invalid = () => json({ message: "Invalid request", code: "INVALID_REQUEST", errors: {} }, 400);
const succeed = () => json({ message: "Succeed" });

/** The request's JSON body checked against a request schema; undefined when it does not fit. */
async function bodyOf<Schema extends v.GenericSchema>(
  request: Request,
  schema: Schema,
): Promise<v.InferOutput<Schema> | undefined> {
  const parsed = v.safeParse(schema, await request.json().catch(() => undefined));
  return parsed.success ? parsed.output : undefined;
}

export function claimServer(options: ClaimServerOptions = {}): ClaimServer {
  let status = options.status ?? "Draft";
  let nextId = 1000;
  const server: ClaimServer = {
    handlers: [],
    calls,
    writes,
    plan: wizardPlan(),
    items: structuredClone(options.items ?? []),
    submitMessage: "Succeed",
    manualItemMessage: "Succeed",
    failingLookups: new Set(options.failingLookups ?? []),
  };

  const claimDetail = (): WireClaimDetail =>
    v.parse(claimDetailSchema, {
      claim: { id: CLAIM_ID, status, warrentyId: PLAN_ID, customerId: CUSTOMER_ID, claimSatusCode: null },
      items: server.items,
      damageAreasDisp: DAMAGE_AREAS,
      documents: server.items.flatMap((item) =>
        item.documents_and_photos.map((document) => ({ ...document, claimItemId: item.id })),
      ),
    });
  const serverError = () => json({ message: "Server error" }, 500);
  /** A DELETE by the route's id, from whichever of `lists` holds it; 404 `code` when none does. */
  const deleting =
    (code: string, lists: () => Array<Array<{ id: number }>>) =>
    ({ params }: { params: PathParams }) => {
      const id = Number(params.id);
      const list = lists().find((candidate) => candidate.some((entry) => entry.id === id));
      if (!list) return notFound(code);
      list.splice(
        list.findIndex((entry) => entry.id === id),
        1,
      );
      return succeed();
    };

  server.handlers = [
    ...Object.entries(LOOKUPS).map(([name, list]) =>
      http.get(`${API}${name}`, () =>
        server.failingLookups.has(name) ? serverError() : json(v.parse(lookupListSchema, { result: list })),
      ),
    ),
    // The claim's seven lists in one answer: it fails when any of them is set to fail.
    http.get(`${API}lookups`, () =>
      CLAIM_LOOKUP_PATHS.some((name) => server.failingLookups.has(name))
        ? serverError()
        : json(
            v.parse(claimLookupsSchema, {
              result: Object.fromEntries(CLAIM_LOOKUP_PATHS.map((name) => [name, LOOKUPS[name]])),
            }),
          ),
    ),
    http.get(`${API}plan/:id`, ({ params }) =>
      Number(params.id) === PLAN_ID
        ? json(v.parse(searchPlanResponseSchema, { customers: [server.plan], aceCustomers: [] }))
        : notFound("PLAN_NOT_FOUND"),
    ),
    http.get(`${API}claim/:id`, ({ params }) =>
      options.claimMissing || Number(params.id) !== CLAIM_ID ? notFound("CLAIM_NOT_FOUND") : json(claimDetail()),
    ),
    http.post(`${API}insert_update_claim_item`, async ({ request }) => {
      const wanted = await bodyOf(request, claimItemsRequestSchema);
      if (!wanted || wanted.claimId !== CLAIM_ID || wanted.warrentyId !== PLAN_ID) return invalid();
      const results = wanted.claim_items.map((claimItem) => {
        const planItem = server.plan.warrantyItems.find((item) => item.id === claimItem.selectedItemId)!;
        const details = {
          manufacturer: nameIn(LOOKUPS.all_manufacturer, claimItem.manuFacturer),
          material: nameIn(LOOKUPS.all_material, claimItem.material),
          color: nameIn(LOOKUPS.all_color, claimItem.color),
        };
        let saved = server.items.find((item) => item.warrntyItemId === claimItem.selectedItemId);
        if (saved) Object.assign(saved, details);
        else
          server.items.push(
            (saved = {
              id: nextId++,
              warrntyItemId: claimItem.selectedItemId,
              type: planItem.type,
              ...details,
              damages: [],
              documents_and_photos: [],
            }),
          );
        return { claimItemId: saved.id, selectedItemId: claimItem.selectedItemId };
      });
      return json({ message: "Succeed", results });
    }),
    http.delete(
      `${API}remove_claim_items/:id`,
      deleting("CLAIM_ITEM_NOT_FOUND", () => [server.items]),
    ),
    http.post(`${API}insert_claim_item_damage`, async ({ request }) => {
      const wanted = await bodyOf(request, damagesRequestSchema);
      if (!wanted || wanted.claimId !== CLAIM_ID || wanted.customerId !== CUSTOMER_ID) return invalid();
      const ids = wanted.damage_item.map((damage) => {
        const id = nextId++;
        server.items
          .find((candidate) => candidate.warrntyItemId === damage.selectedItemId)
          ?.damages.push(
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
    }),
    http.delete(
      `${API}delete_claim_item_damage/:id`,
      deleting("DAMAGE_NOT_FOUND", () => server.items.map((item) => item.damages)),
    ),
    http.delete(
      `${API}delete_uploaded_documents_of_claim/:id`,
      deleting("DOCUMENT_NOT_FOUND", () => server.items.map((item) => item.documents_and_photos)),
    ),
    // The confirmation's signed status link (GET /claim_status_link), as the API signs it.
    http.get(`${API}claim_status_link`, ({ request }) =>
      new URL(request.url).searchParams.get("claimId") === String(CLAIM_ID) && status !== "Draft"
        ? json({ link: `/claim-status?code=CL-${CLAIM_ID}&expires=1893456000&sig=signed-by-the-api` })
        : notFound("CLAIM_NOT_FOUND"),
    ),
    http.put(`${API}submit_claim/:claimId/:customerId`, ({ params }) => {
      if (Number(params.claimId) !== CLAIM_ID || Number(params.customerId) !== CUSTOMER_ID)
        return notFound("CLAIM_NOT_FOUND");
      if (server.submitMessage === "Succeed") status = "Open";
      return json({ message: server.submitMessage });
    }),
    http.post(`${API}insert_manual_warr_item`, async ({ request }) => {
      const item = await bodyOf(request, manualItemRequestSchema);
      if (!item || item.claimId !== CLAIM_ID || item.warrentyId !== PLAN_ID) return invalid();
      if (server.manualItemMessage === "Succeed") {
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
    }),
  ];
  return server;
}
