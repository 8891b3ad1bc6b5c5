/**
 * Records of the missingItem machine tests, typed against machines/missing-item.machine.ts so a
 * change of shape fails to compile here.
 */
import type {
  ClaimReach,
  ManualItem,
  MissingItemInput,
  MissingItemOptions,
} from "../../../machines/missing-item.machine.ts";
import { CallFailed } from "../../../machines/outcomes.ts";

export const missingItemInput = { claimId: 55, planId: 1 } as const satisfies MissingItemInput;

export const missingItemOptions = {
  itemTypes: [{ id: 11, name: "Recliner" }],
  manufacturers: [{ id: 21, name: "La-Z-Boy" }],
  materials: [{ id: 31, name: "Fabric" }],
  colors: [{ id: 41, name: "Grey" }],
} as const satisfies MissingItemOptions;

export const recliner = {
  itemTypeId: 11,
  manufacturerId: 21,
  materialId: 31,
  colorId: 41,
  vendor: "Recliners Inc",
  sku: "",
  modelNumber: "RX-200",
  price: 249.99,
  quantity: 2,
  description: "Power recliner",
} as const satisfies ManualItem;

/** The error `addItem` rejects with for an answer refusing the item (src/api/http.ts withCallFailure). */
export function addItemRefusal(status: number, code: string | null, message: string): CallFailed {
  return new CallFailed({ kind: "refused", status, code, message });
}

/** The claim's check: open to this browser, or not reachable from it. */
export const CLAIM_OPEN = { kind: "open" } as const satisfies ClaimReach;
export const CLAIM_UNREACHABLE = { kind: "unreachable" } as const satisfies ClaimReach;
