/**
 * Records of the missingItem machine tests, typed against machines/missing-item.machine.ts so a
 * change of shape fails to compile here.
 */
import type { ManualItem, MissingItemInput, MissingItemOptions } from "../../../machines/missing-item.machine.ts";

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

/**
 * The error `addItem` rejects with, carrying the server's message. xstate/graph tells events apart
 * by JSON.stringify, which drops an Error's own (non-enumerable) message, so the message is also
 * copied to an enumerable field: two such errors then make two different events.
 */
export function addItemError(message: string): Error & { serverMessage: string } {
  return Object.assign(new Error(message), { serverMessage: message });
}
