/**
 * Demo data of the reference claims API: the lookup lists and the demo plans (README and
 * docs/api.md list them) so a newcomer can file a claim within a minute, and tests can name
 * records by what they show.
 */
import { KINDS, type LookupKind } from "../domain/lookup-kinds.ts";

/** A lookup list to seed: names in display order; `modelNo` set for per-model ACE lists. */
export interface SeedLookupList {
  kind: LookupKind;
  modelNo?: string;
  names: readonly string[];
}

/** Model numbers of Maria Lopez's three ACE items, which have their own damage lists. */
export const ACE_MODELS = { sofa: "ACE-SOF-2201", recliner: "ACE-REC-3307", diningTable: "ACE-DTB-5150" } as const;

export const LOOKUP_LISTS: readonly SeedLookupList[] = [
  {
    kind: KINDS.itemType,
    names: [
      "Sofa",
      "Loveseat",
      "Recliner",
      "Sectional",
      "Chair",
      "Ottoman",
      "Dining Table",
      "Dining Chair",
      "Coffee Table",
      "Bed Frame",
      "Headboard",
      "Dresser",
      "Nightstand",
      "Mattress",
      "TV Stand",
      "Bookcase",
    ],
  },
  {
    kind: KINDS.manufacturer,
    names: [
      "Ashley",
      "La-Z-Boy",
      "Broyhill",
      "Flexsteel",
      "Bassett",
      "Hooker",
      "Stanley",
      "Klaussner",
      "Rowe",
      "Sealy",
    ],
  },
  { kind: KINDS.material, names: ["Leather", "Microfiber", "Fabric", "Wood", "Velvet", "Glass", "Metal"] },
  {
    kind: KINDS.color,
    names: ["Black", "Brown", "Gray", "Beige", "White", "Navy", "Walnut", "Espresso", "Cream", "Green"],
  },
  {
    kind: KINDS.damageType,
    names: ["Stain", "Tear", "Scratch", "Broken frame", "Burn", "Rip", "Seam separation", "Chip", "Crack"],
  },
  {
    kind: KINDS.specificDamage,
    names: [
      "Food or beverage stain",
      "Ink stain",
      "Pet urine stain",
      "Cut or puncture",
      "Surface scratch",
      "Deep gouge",
      "Cigarette burn",
      "Heat mark",
      "Water ring",
      "Broken leg",
      "Loose joint",
      "Broken spring",
      "Mechanism failure",
    ],
  },
  {
    kind: KINDS.howDidOccur,
    names: [
      "Accidental spill",
      "Pet damage",
      "Child damage",
      "Normal use",
      "Moving/transport",
      "Heat or fire",
      "Water or liquid",
      "Impact or fall",
    ],
  },
  {
    kind: KINDS.actionTaken,
    names: [
      "None",
      "Cleaned with water",
      "Used a cleaning product",
      "Professional cleaning",
      "Attempted repair",
      "Blotted with a cloth",
    ],
  },
  {
    kind: KINDS.damageArea,
    names: [
      "Seat cushion",
      "Back cushion",
      "Arm",
      "Frame",
      "Leg",
      "Top surface",
      "Drawer",
      "Side panel",
      "Headboard",
      "Footrest",
    ],
  },
  { kind: KINDS.aceManufacturer, names: ["Ashley", "La-Z-Boy", "Bassett", "Flexsteel", "Hooker"] },
  { kind: KINDS.aceMaterial, names: ["Leather", "Performance fabric", "Solid wood", "Veneer", "Metal", "Glass"] },
  { kind: KINDS.aceColor, names: ["Charcoal", "Saddle", "Ivory", "Oak", "Espresso", "Slate blue"] },
  {
    kind: KINDS.aceActionTaken,
    names: ["None", "Cleaned with water", "Used a cleaning product", "Professional cleaning", "Attempted repair"],
  },
  // ACE lists valid for every model, then the per-model ones.
  {
    kind: KINDS.aceHowDidOccur,
    names: ["Accidental spill", "Pet damage", "Child damage", "Normal use", "Moving/transport"],
  },
  { kind: KINDS.aceDamageType, modelNo: ACE_MODELS.sofa, names: ["Stain", "Tear", "Seam separation", "Burn"] },
  {
    kind: KINDS.aceSpecificLocation,
    modelNo: ACE_MODELS.sofa,
    names: ["Seat cushion", "Back cushion", "Left arm", "Right arm"],
  },
  { kind: KINDS.aceHowDidOccur, modelNo: ACE_MODELS.sofa, names: ["Cushion seam gave way"] },
  {
    kind: KINDS.aceDamageType,
    modelNo: ACE_MODELS.recliner,
    names: ["Mechanism failure", "Power motor failure", "Tear", "Stain"],
  },
  {
    kind: KINDS.aceSpecificLocation,
    modelNo: ACE_MODELS.recliner,
    names: ["Footrest", "Seat", "Backrest", "Reclining handle"],
  },
  { kind: KINDS.aceHowDidOccur, modelNo: ACE_MODELS.recliner, names: ["Mechanism jammed while reclining"] },
  { kind: KINDS.aceDamageType, modelNo: ACE_MODELS.diningTable, names: ["Scratch", "Chip", "Crack", "Water ring"] },
  {
    kind: KINDS.aceSpecificLocation,
    modelNo: ACE_MODELS.diningTable,
    names: ["Tabletop", "Table edge", "Leg", "Extension leaf"],
  },
  { kind: KINDS.aceHowDidOccur, modelNo: ACE_MODELS.diningTable, names: ["Hot dish placed on top"] },
];

/** A demo customer; `phone` as a person types it (stored as digits); a street address in the ZIP's city. */
interface DemoCustomer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  /** Two-letter state code. */
  state: string;
  zip: string;
}

/** A demo plan item; lookups by name in the plan family's lists. */
interface DemoItem {
  type: string;
  manufacturer: string;
  material: string;
  color: string;
  description: string;
  vendor: string;
  sku: string;
  price: number;
  modelNumber: string;
  quantity: number;
  location: string;
  returned?: boolean;
  fullReplacement?: boolean;
}

/** A claim already filed on a demo plan, on its first plan item. */
interface DemoClaim {
  status: "Draft" | "Not submitted" | "In process";
  statusCode: string;
  /** Damage on the claim item (names in the FPP lists); absent: claim item without damage. */
  damage?: {
    type: string;
    specificDamage: string;
    area: string;
    howDidOccur: string;
    actionTaken: string;
    date: string;
    notes: string;
  };
}

/** One demo plan with its customer (SPEC.md section 3, "Plan"). Dates YYYY-MM-DD, prices USD. */
export interface DemoPlan {
  number: string;
  planType: "FPP" | "Ace" | "LEGACY";
  status: "Active" | "Expired" | "Cancelled";
  /** What the record is there to show. */
  shows: string;
  customer: DemoCustomer;
  invoice: string;
  programName: string;
  programId: number;
  dealerId: number;
  store: string;
  purchaseDate: string;
  deliveryDate: string;
  expirationDate: string;
  totalPrice: number;
  warrantyProgramPrice: number;
  aceMigrated?: boolean;
  items: readonly DemoItem[];
  claim?: DemoClaim;
}

const JANE: DemoCustomer = {
  firstName: "Jane",
  lastName: "Doe",
  email: "jane.doe@example.com",
  phone: "(212) 555-0134",
  address: "245 W 29th St",
  city: "New York",
  state: "NY",
  zip: "10001",
};
const CARLOS: DemoCustomer = {
  firstName: "Carlos",
  lastName: "Rivera",
  email: "carlos.rivera@example.com",
  phone: "(305) 555-0188",
  address: "500 NW 2nd Ave",
  city: "Miami",
  state: "FL",
  zip: "33101",
};

const FIVE_YEAR = "Furniture Protection Plan 5-Year";
const THREE_YEAR = "Furniture Protection Plan 3-Year";

/** The demo plans, exactly as README and docs/api.md list them. */
export const DEMO_PLANS: readonly DemoPlan[] = [
  {
    number: "W-E34-WS4566",
    planType: "FPP",
    status: "Active",
    shows: "5 items: Sofa, Loveseat, Recliner (returned), Dining Table (full replacement), Ottoman; no claim yet",
    customer: JANE,
    invoice: "INV-100234",
    programName: FIVE_YEAR,
    programId: 501,
    dealerId: 1201,
    store: "NY-0142",
    purchaseDate: "2025-03-14",
    deliveryDate: "2025-03-19",
    expirationDate: "2030-03-19",
    totalPrice: 6245.0,
    warrantyProgramPrice: 349.99,
    items: [
      {
        type: "Sofa",
        manufacturer: "Ashley",
        material: "Leather",
        color: "Brown",
        description: "Stonemeadow 3-seat leather sofa",
        vendor: "Ashley Furniture Industries",
        sku: "ASH-SOF-44101",
        price: 1899.0,
        modelNumber: "4410138",
        quantity: 1,
        location: "Living room",
      },
      {
        type: "Loveseat",
        manufacturer: "Ashley",
        material: "Microfiber",
        color: "Gray",
        description: "Darcy microfiber loveseat",
        vendor: "Ashley Furniture Industries",
        sku: "ASH-LVS-75003",
        price: 749.0,
        modelNumber: "7500335",
        quantity: 1,
        location: "Living room",
      },
      {
        type: "Recliner",
        manufacturer: "La-Z-Boy",
        material: "Fabric",
        color: "Beige",
        description: "Pinnacle rocker recliner",
        vendor: "La-Z-Boy Inc.",
        sku: "LZB-REC-10512",
        price: 1099.0,
        modelNumber: "10-512",
        quantity: 1,
        location: "Den",
        returned: true,
      },
      {
        type: "Dining Table",
        manufacturer: "Broyhill",
        material: "Wood",
        color: "Walnut",
        description: "Attic Heirlooms extension dining table",
        vendor: "Broyhill Furniture",
        sku: "BRH-DTB-39910",
        price: 1999.0,
        modelNumber: "3991-531",
        quantity: 1,
        location: "Dining room",
        fullReplacement: true,
      },
      {
        type: "Ottoman",
        manufacturer: "Ashley",
        material: "Leather",
        color: "Brown",
        description: "Stonemeadow leather ottoman",
        vendor: "Ashley Furniture Industries",
        sku: "ASH-OTT-44114",
        price: 499.0,
        modelNumber: "4410114",
        quantity: 1,
        location: "Living room",
      },
    ],
  },
  {
    number: "W-E34-WS4570",
    planType: "FPP",
    status: "Expired",
    shows: "expired plan of the same customer, 2 items",
    customer: JANE,
    invoice: "INV-090517",
    programName: THREE_YEAR,
    programId: 301,
    dealerId: 1201,
    store: "NY-0142",
    purchaseDate: "2020-05-02",
    deliveryDate: "2020-05-08",
    expirationDate: "2023-05-08",
    totalPrice: 2148.0,
    warrantyProgramPrice: 189.99,
    items: [
      {
        type: "Bed Frame",
        manufacturer: "Bassett",
        material: "Wood",
        color: "Espresso",
        description: "Bench Made queen panel bed",
        vendor: "Bassett Furniture",
        sku: "BAS-BED-20241",
        price: 1249.0,
        modelNumber: "2024-Q",
        quantity: 1,
        location: "Bedroom",
      },
      {
        type: "Dresser",
        manufacturer: "Bassett",
        material: "Wood",
        color: "Espresso",
        description: "Bench Made 6-drawer dresser",
        vendor: "Bassett Furniture",
        sku: "BAS-DRS-20242",
        price: 899.0,
        modelNumber: "2024-D6",
        quantity: 1,
        location: "Bedroom",
      },
    ],
  },
  {
    number: "W-K77-AB1020",
    planType: "FPP",
    status: "Active",
    shows: "first of two active plans",
    customer: CARLOS,
    invoice: "INV-200871",
    programName: FIVE_YEAR,
    programId: 501,
    dealerId: 1405,
    store: "FL-0307",
    purchaseDate: "2025-06-21",
    deliveryDate: "2025-06-26",
    expirationDate: "2030-06-26",
    totalPrice: 3548.0,
    warrantyProgramPrice: 279.99,
    items: [
      {
        type: "Sectional",
        manufacturer: "Flexsteel",
        material: "Fabric",
        color: "Navy",
        description: "Dana 4-piece sectional",
        vendor: "Flexsteel Industries",
        sku: "FLX-SEC-76001",
        price: 2999.0,
        modelNumber: "7600-SEC",
        quantity: 1,
        location: "Family room",
      },
      {
        type: "Chair",
        manufacturer: "Flexsteel",
        material: "Fabric",
        color: "Navy",
        description: "Dana accent chair",
        vendor: "Flexsteel Industries",
        sku: "FLX-CHR-76010",
        price: 549.0,
        modelNumber: "7600-10",
        quantity: 1,
        location: "Family room",
      },
    ],
  },
  {
    number: "W-K77-AB1021",
    planType: "FPP",
    status: "Active",
    shows: "second active plan of the same customer",
    customer: CARLOS,
    invoice: "INV-200871",
    programName: THREE_YEAR,
    programId: 301,
    dealerId: 1405,
    store: "FL-0307",
    purchaseDate: "2025-06-21",
    deliveryDate: "2025-06-28",
    expirationDate: "2028-06-28",
    totalPrice: 1798.0,
    warrantyProgramPrice: 149.99,
    items: [
      {
        type: "Dresser",
        manufacturer: "Hooker",
        material: "Wood",
        color: "White",
        description: "Sandcastle 9-drawer dresser",
        vendor: "Hooker Furnishings",
        sku: "HKR-DRS-59001",
        price: 1199.0,
        modelNumber: "5900-90002",
        quantity: 1,
        location: "Bedroom",
      },
      {
        type: "Nightstand",
        manufacturer: "Hooker",
        material: "Wood",
        color: "White",
        description: "Sandcastle two-drawer nightstand",
        vendor: "Hooker Furnishings",
        sku: "HKR-NST-59016",
        price: 299.5,
        modelNumber: "5900-90016",
        quantity: 2,
        location: "Bedroom",
      },
    ],
  },
  {
    number: "W-D12-DR0001",
    planType: "FPP",
    status: "Active",
    shows: "has a Draft claim with one saved claim item: insert_claim answers DRAFT_EXIST",
    customer: {
      firstName: "Dana",
      lastName: "Reyes",
      email: "dana.reyes@example.com",
      phone: "(617) 555-0100",
      address: "45 Beacon St",
      city: "Boston",
      state: "MA",
      zip: "02108",
    },
    invoice: "INV-400112",
    programName: FIVE_YEAR,
    programId: 501,
    dealerId: 1102,
    store: "MA-0021",
    purchaseDate: "2025-02-08",
    deliveryDate: "2025-02-12",
    expirationDate: "2030-02-12",
    totalPrice: 2348.0,
    warrantyProgramPrice: 219.99,
    items: [
      {
        type: "Sofa",
        manufacturer: "Rowe",
        material: "Velvet",
        color: "Green",
        description: "Mitchell velvet sofa",
        vendor: "Rowe Furniture",
        sku: "ROW-SOF-K6000",
        price: 1849.0,
        modelNumber: "K6000-000",
        quantity: 1,
        location: "Living room",
      },
      {
        type: "Coffee Table",
        manufacturer: "Stanley",
        material: "Glass",
        color: "Black",
        description: "Glass top coffee table",
        vendor: "Stanley Furniture",
        sku: "STN-CTB-40015",
        price: 499.0,
        modelNumber: "400-15-01",
        quantity: 1,
        location: "Living room",
      },
    ],
    claim: { status: "Draft", statusCode: "CS-D12-0001" },
  },
  {
    number: "W-N07-NS0001",
    planType: "FPP",
    status: "Active",
    shows:
      "has a 'Not submitted' claim with a saved damage: it counts as a draft, so it opens at step 2 and can be finished and submitted",
    customer: {
      firstName: "Nora",
      lastName: "Stone",
      email: "nora.stone@example.com",
      phone: "(503) 555-0147",
      address: "800 SW Broadway",
      city: "Portland",
      state: "OR",
      zip: "97205",
    },
    invoice: "INV-800417",
    programName: FIVE_YEAR,
    programId: 501,
    dealerId: 1410,
    store: "OR-0503",
    purchaseDate: "2025-03-02",
    deliveryDate: "2025-03-07",
    expirationDate: "2030-03-07",
    totalPrice: 1299.0,
    warrantyProgramPrice: 129.99,
    items: [
      {
        type: "Sofa",
        manufacturer: "Ashley",
        material: "Fabric",
        color: "Gray",
        description: "Altari two-seat sofa",
        vendor: "Ashley Furniture",
        sku: "ASH-SOF-87213",
        price: 1299.0,
        modelNumber: "8721338",
        quantity: 1,
        location: "Living room",
      },
    ],
    claim: {
      status: "Not submitted",
      statusCode: "CS-N07-0001",
      damage: {
        type: "Stain",
        specificDamage: "Food or beverage stain",
        area: "Seat cushion",
        howDidOccur: "Accidental spill",
        actionTaken: "Blotted with a cloth",
        date: "2025-10-12",
        notes: "Red wine spilled on the middle seat cushion.",
      },
    },
  },
  {
    number: "W-P55-IP0001",
    planType: "FPP",
    status: "Active",
    shows: "has an 'In process' claim: insert_claim answers CLAIM_IN_PROGRESS with its status code",
    customer: {
      firstName: "Paul",
      lastName: "Iverson",
      email: "paul.iverson@example.com",
      phone: "(415) 555-0171",
      address: "1355 Market St",
      city: "San Francisco",
      state: "CA",
      zip: "94103",
    },
    invoice: "INV-500333",
    programName: FIVE_YEAR,
    programId: 501,
    dealerId: 1733,
    store: "CA-0415",
    purchaseDate: "2025-01-17",
    deliveryDate: "2025-01-22",
    expirationDate: "2030-01-22",
    totalPrice: 1549.0,
    warrantyProgramPrice: 159.99,
    items: [
      {
        type: "Recliner",
        manufacturer: "La-Z-Boy",
        material: "Leather",
        color: "Black",
        description: "Greyson power recliner",
        vendor: "La-Z-Boy Inc.",
        sku: "LZB-REC-1PT730",
        price: 1549.0,
        modelNumber: "1PT-730",
        quantity: 1,
        location: "Living room",
      },
    ],
    claim: {
      status: "In process",
      statusCode: "CS-P55-0001",
      damage: {
        type: "Tear",
        specificDamage: "Cut or puncture",
        area: "Arm",
        howDidOccur: "Pet damage",
        actionTaken: "None",
        date: "2025-09-03",
        notes: "Cat scratched through the leather on the right arm.",
      },
    },
  },
  {
    number: "A-300-100200",
    planType: "Ace",
    status: "Active",
    shows: "ACE plan, 3 items with model numbers and per-model damage lists",
    customer: {
      firstName: "Maria",
      lastName: "Lopez",
      email: "maria.lopez@example.com",
      phone: "(713) 555-0142",
      address: "1200 Main St",
      city: "Houston",
      state: "TX",
      zip: "77002",
    },
    invoice: "INV-300455",
    programName: "ACE Home Furniture Protection 5-Year",
    programId: 701,
    dealerId: 2210,
    store: "TX-0713",
    purchaseDate: "2025-04-05",
    deliveryDate: "2025-04-11",
    expirationDate: "2030-04-11",
    totalPrice: 4697.0,
    warrantyProgramPrice: 399.99,
    items: [
      {
        type: "Sofa",
        manufacturer: "Ashley",
        material: "Performance fabric",
        color: "Charcoal",
        description: "Harbor performance-fabric sofa",
        vendor: "Ashley Furniture Industries",
        sku: "ACE-SOF-2201-CH",
        price: 1599.0,
        modelNumber: ACE_MODELS.sofa,
        quantity: 1,
        location: "Living room",
      },
      {
        type: "Recliner",
        manufacturer: "La-Z-Boy",
        material: "Leather",
        color: "Saddle",
        description: "Morrison power recliner",
        vendor: "La-Z-Boy Inc.",
        sku: "ACE-REC-3307-SD",
        price: 1299.0,
        modelNumber: ACE_MODELS.recliner,
        quantity: 1,
        location: "Den",
      },
      {
        type: "Dining Table",
        manufacturer: "Hooker",
        material: "Solid wood",
        color: "Oak",
        description: "Vista trestle dining table",
        vendor: "Hooker Furnishings",
        sku: "ACE-DTB-5150-OK",
        price: 1799.0,
        modelNumber: ACE_MODELS.diningTable,
        quantity: 1,
        location: "Dining room",
      },
    ],
  },
  {
    number: "L-900-LEG001",
    planType: "LEGACY",
    status: "Active",
    shows: "plan migrated from the legacy system (claims go to the external site)",
    customer: {
      firstName: "Leo",
      lastName: "Gray",
      email: "leo.gray@example.com",
      phone: "(312) 555-0166",
      address: "150 N Michigan Ave",
      city: "Chicago",
      state: "IL",
      zip: "60601",
    },
    invoice: "INV-600789",
    programName: "Legacy Furniture Care 7-Year",
    programId: 105,
    dealerId: 980,
    store: "IL-0312",
    purchaseDate: "2025-05-10",
    deliveryDate: "2025-05-15",
    expirationDate: "2032-05-15",
    totalPrice: 1399.0,
    warrantyProgramPrice: 129.99,
    items: [
      {
        type: "Dining Table",
        manufacturer: "Stanley",
        material: "Wood",
        color: "Brown",
        description: "Transitional oak dining table",
        vendor: "Stanley Furniture",
        sku: "STN-DTB-71101",
        price: 1399.0,
        modelNumber: "711-11-36",
        quantity: 1,
        location: "Dining room",
      },
    ],
  },
  {
    number: "W-C00-CX0001",
    planType: "FPP",
    status: "Cancelled",
    shows: "cancelled plan: listed but not selectable",
    customer: {
      firstName: "Chris",
      lastName: "Cole",
      email: "chris.cole@example.com",
      phone: "(206) 555-0122",
      address: "1420 5th Ave",
      city: "Seattle",
      state: "WA",
      zip: "98101",
    },
    invoice: "INV-700901",
    programName: THREE_YEAR,
    programId: 301,
    dealerId: 1890,
    store: "WA-0206",
    purchaseDate: "2025-07-02",
    deliveryDate: "2025-07-07",
    expirationDate: "2028-07-07",
    totalPrice: 899.0,
    warrantyProgramPrice: 89.99,
    items: [
      {
        type: "Chair",
        manufacturer: "Klaussner",
        material: "Fabric",
        color: "Cream",
        description: "Comfort swivel glider chair",
        vendor: "Klaussner Home Furnishings",
        sku: "KLS-CHR-D8810",
        price: 899.0,
        modelNumber: "D8810-SG",
        quantity: 1,
        location: "Nursery",
      },
    ],
  },
];
