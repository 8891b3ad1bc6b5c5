/**
 * The largest JSON body each API call reads (SECURITY.md, "What protects the data"): enough for its
 * largest honest request, worked out from the contract's own maxima (contract/schemas.ts), and not
 * more, so the bytes a call can be made to read and parse stay in proportion to what it needs.
 * Larger bodies are refused with 413 PAYLOAD_TOO_LARGE before they are read (server/app.ts).
 */
import { MAX_DAMAGES_PER_CALL, MAX_ID, MAX_NOTES_LENGTH, MAX_SERIAL_ID } from "../../contract/schemas.ts";

const KiB = 1024;

/**
 * Limit of every call not in LARGER_BODIES, in bytes. Their largest honest bodies are far smaller:
 * 100 claim items at their largest ids are some 15 KB, one ACE damage with 2000 characters of notes
 * under 7 KB, a contact ticket under 6 KB.
 */
const DEFAULT_JSON_BYTES = 64 * KiB;

/**
 * A character of 3 bytes in UTF-8 ("€"): the most JSON.stringify writes for one UTF-16 unit of text
 * a person types (a pair of surrogates, 4 bytes, is two units; it escapes only control characters).
 */
const WIDEST_CHARACTER = "€";

/** Bytes of the largest honest insert_claim_item_damage body: every damage at its maxima. */
function largestDamagesBody(): number {
  const damage = {
    damageId: MAX_ID,
    selectedItemId: MAX_SERIAL_ID,
    damageType: MAX_SERIAL_ID,
    specificLocation: MAX_SERIAL_ID,
    damageDate: "2999-12-31",
    howDidOccur: MAX_SERIAL_ID,
    actionTaken: MAX_SERIAL_ID,
    notes: WIDEST_CHARACTER.repeat(MAX_NOTES_LENGTH),
    specificDamage: MAX_SERIAL_ID,
  };
  const body = { claimId: MAX_ID, customerId: MAX_ID, damage_item: new Array(MAX_DAMAGES_PER_CALL).fill(damage) };
  return Buffer.byteLength(JSON.stringify(body));
}

/** `bytes` plus room for a client's own whitespace, rounded up to whole 64 KiB. */
const withRoom = (bytes: number) => Math.ceil((bytes + 16 * KiB) / (64 * KiB)) * 64 * KiB;

/** Calls whose largest honest body is over DEFAULT_JSON_BYTES, by path under /api/v1. */
const LARGER_BODIES: ReadonlyMap<string, number> = new Map([
  // 200 damages of 2000 characters each: about 1.25 MB, so 1.25 MiB.
  ["/insert_claim_item_damage", withRoom(largestDamagesBody())],
]);

/**
 * The largest JSON body a call may send.
 * @param path the call's path under /api/v1, e.g. "/insert_claim_item_damage"
 * @returns bytes
 */
export function jsonBodyLimit(path: string): number {
  return LARGER_BODIES.get(path) ?? DEFAULT_JSON_BYTES;
}
