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

/**
 * Whether this page can read the kept draft. The cookie is scoped to /contact-service, and Chromium
 * matches a page's cookies against the address the page was loaded from, not where the app has since
 * moved (history.pushState): a page loaded at the search or the not-found screen never sees the
 * draft, and its first keystroke would overwrite it. True when the page was loaded under the
 * cookie's path, or when the browser does not say where it was loaded (never a reload loop).
 */
export function draftReadableHere(): boolean {
  const loaded = typeof performance === "undefined" ? undefined : performance.getEntriesByType?.("navigation")[0]?.name;
  if (!loaded) return true;
  const path = new URL(loaded, window.location.href).pathname;
  return path === PATH || path.startsWith(`${PATH}/`);
}

/** Keeps the draft for a day (SPEC.md section 3), replacing the one kept before. */
export function saveContactDraft(draft: ContactDraft): void {
  document.cookie = `${NAME}=${encodeURIComponent(JSON.stringify(draft))}; path=${PATH}; max-age=${ONE_DAY_SECONDS}; SameSite=Lax`;
}

/** Drops the kept draft: the request was sent, or the person started a new one. */
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
