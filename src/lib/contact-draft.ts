/**
 * The contact-service request kept on this device until it is submitted (SPEC.md section 3
 * "Contact service data", section 9): a cookie named `data`, path /contact-service, one day. It
 * holds the fields and the uploaded documents by reference (id and stored name), never file bytes.
 */
import * as v from "valibot";
import type { ContactDraft } from "../../machines/contact-service.machine.ts";

const NAME = "data";
const PATH = "/contact-service";
const ONE_DAY_SECONDS = 24 * 60 * 60;

const text = v.optional(v.string());
const draftSchema = v.object({
  requestId: v.pipe(v.string(), v.nonEmpty()),
  customer: v.object({ name: text, email: text, phone: text, address: text, city: text, state: text, zipCode: text }),
  purchase: v.object({
    invoice: text,
    purchaseDate: text,
    storeName: text,
    storePhone: text,
    storeAddress: text,
    storeCity: text,
    storeState: text,
    storeZip: text,
    itemsExchanged: v.optional(v.picklist(["yes", "no"])),
  }),
  documents: v.array(v.object({ id: v.number(), fileName: v.string() })),
});

export function saveContactDraft(draft: ContactDraft): void {
  document.cookie = `${NAME}=${encodeURIComponent(JSON.stringify(draft))}; path=${PATH}; max-age=${ONE_DAY_SECONDS}; SameSite=Lax`;
}

export function clearContactDraft(): void {
  document.cookie = `${NAME}=; path=${PATH}; max-age=0; SameSite=Lax`;
}

/** The kept draft, or null when there is none or it no longer parses. */
export function loadContactDraft(): ContactDraft | null {
  const raw = document.cookie
    .split("; ")
    .find((entry) => entry.startsWith(`${NAME}=`))
    ?.slice(NAME.length + 1);
  if (!raw) return null;
  try {
    const parsed = v.safeParse(draftSchema, JSON.parse(decodeURIComponent(raw)));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}
