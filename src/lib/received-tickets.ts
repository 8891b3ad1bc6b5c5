/**
 * The Request Numbers this browser tab received for its contact-service requests (SPEC.md section 2,
 * "Contact service": step 5 shows the Request Number), kept for the visit in session storage. The
 * thank-you page shows a ticket of the URL only when it is one of them: a link or a typed address
 * with a made-up `ticket` must not show a confirmation of a request never sent.
 */
const KEY = "contactTickets";

function received(): string[] {
  try {
    const list: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((ticket): ticket is string => typeof ticket === "string") : [];
  } catch {
    return [];
  }
}

/** Notes a Request Number the API answered to this tab. */
export function rememberTicket(ticket: string): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify([...received().filter((known) => known !== ticket), ticket]));
  } catch {
    // Storage refused (private mode, full): the thank-you page then shows only until a reload.
  }
}

/** `ticket` when this tab received it, else null. */
export function receivedTicket(ticket: string | null): string | null {
  return ticket !== null && received().includes(ticket) ? ticket : null;
}
