/**
 * The mailbox an address reaches (contract/mailbox.ts), as the caps on mail to one inbox count it:
 * case and a `+tag` in the local part make no other inbox; anything else does.
 */
import { expect, it } from "vitest";
import { mailboxOf } from "../../contract/mailbox.ts";

it("folds case and a +tag away, and nothing else", () => {
  for (const spelling of [
    "victim@example.org",
    "VICTIM@Example.ORG",
    "victim+1@example.org",
    "Victim+news+2@EXAMPLE.org",
    " victim@example.org ",
  ]) {
    expect(mailboxOf(spelling), spelling).toBe("victim@example.org");
  }
  // Another local part or domain is another inbox; a + in the domain is not a tag.
  expect(mailboxOf("victim.two@example.org")).toBe("victim.two@example.org");
  expect(mailboxOf("victim@example.net")).toBe("victim@example.net");
  expect(mailboxOf("victim@ex+ample.org")).toBe("victim@ex+ample.org");
});

it("reads what is no address as it is, a + before any @ still a tag", () => {
  expect(mailboxOf("Victim")).toBe("victim");
  expect(mailboxOf("victim+news")).toBe("victim");
  expect(mailboxOf("+news@example.org")).toBe("@example.org");
  expect(mailboxOf("@ex+ample.org")).toBe("@ex+ample.org");
});
