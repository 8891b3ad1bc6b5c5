/**
 * The mailbox an email address reaches, as the caps on mail to one inbox count it (SECURITY.md, "A
 * Request Number email reaches one inbox at most 5 times an hour"). One rule for every such cap.
 */

/**
 * An address as one inbox: lower case, without a `+tag` in the local part. `Victim+1@Example.org`,
 * `victim+2@example.org` and `VICTIM@example.org` all give `victim@example.org`, since mail
 * services deliver them to one person; a cap that counted spellings would let anyone flood that
 * person by changing the tag or the case.
 */
export function mailboxOf(address: string): string {
  const trimmed = address.trim();
  const at = trimmed.lastIndexOf("@");
  const local = at < 0 ? trimmed : trimmed.slice(0, at);
  const domain = at < 0 ? "" : trimmed.slice(at);
  const plus = local.indexOf("+");
  return `${plus < 0 ? local : local.slice(0, plus)}${domain}`.toLowerCase();
}
