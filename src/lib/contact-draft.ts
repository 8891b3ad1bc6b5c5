/**
 * The contact-service request kept on this device until it is submitted (SPEC.md section 3
 * "Contact service data", section 9): a cookie named `data`, path /contact-service, one day. It
 * holds the fields and the uploaded documents by reference (id and stored name), never file bytes.
 */
import Cookies from "js-cookie";
import * as v from "valibot";
import type { ContactDraft } from "../../machines/contact-service.machine.ts";

const NAME = "data";
const PATH = "/contact-service";
/** Both cookies last a day (js-cookie counts `expires` in days). */
const KEPT = { expires: 1, sameSite: "Lax" } as const;
/**
 * Says, on every page of the portal, that a draft is kept (never what it holds): the draft's own
 * cookie is readable only on a page loaded under PATH, and only then is a page loaded elsewhere
 * worth reloading to find it. Written and dropped with the draft, for the same day.
 */
const MARKER = "data_kept";

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
 * Whether this page can read the kept draft, or has none to find. The cookie is scoped to
 * /contact-service, and Chromium matches a page's cookies against the address the page was loaded
 * from, not where the app has since moved (history.pushState): a page loaded at the search or the
 * not-found screen never sees the draft, and its first keystroke would overwrite it. True when no
 * draft is kept (the marker cookie says so on every page), when the page was loaded under the
 * cookie's path, or when the browser does not say where it was loaded (never a reload loop).
 */
export function draftReadableHere(): boolean {
  if (!draftKeptSomewhere()) return true;
  const loaded = typeof performance === "undefined" ? undefined : performance.getEntriesByType?.("navigation")[0]?.name;
  if (!loaded) return true;
  const path = new URL(loaded, window.location.href).pathname;
  return path === PATH || path.startsWith(`${PATH}/`);
}

/** Keeps the draft for a day (SPEC.md section 3), replacing the one kept before. */
export function saveContactDraft(draft: ContactDraft): void {
  Cookies.set(NAME, JSON.stringify(draft), { ...KEPT, path: PATH });
  Cookies.set(MARKER, "1", { ...KEPT, path: "/" });
}

/** Drops the kept draft: the request was sent, or the person started a new one. */
export function clearContactDraft(): void {
  Cookies.remove(NAME, { path: PATH });
  Cookies.remove(MARKER, { path: "/" });
}

/** Whether the marker says a draft is kept; readable on every page, since its path is /. */
function draftKeptSomewhere(): boolean {
  return Cookies.get(MARKER) !== undefined;
}

/** The kept draft, or null when there is none or it no longer parses. */
export function loadContactDraft(): ContactDraft | null {
  const raw = Cookies.get(NAME);
  if (!raw) return null;
  try {
    const parsed = v.safeParse(draftSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}
