import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { claimStatusQuerySchema } from "../../contract/claim-status.ts";
import { ClaimStatusScreen } from "../screens/claim-status/ClaimStatusScreen.tsx";
import { NoSuchClaim } from "../screens/claim-status/NoSuchClaim.tsx";

/**
 * A query value as the contract's `schema` takes it, else undefined. The router reads search values
 * as JSON, so an all-digit `expires` arrives as a number: it is read back as its digits.
 */
function optionalBy(schema: v.GenericSchema<string, string>) {
  return v.pipe(
    v.optional(v.unknown()),
    v.transform((value) => {
      const text = typeof value === "number" && Number.isSafeInteger(value) ? String(value) : value;
      const parsed = v.safeParse(schema, text);
      return parsed.success ? parsed.output : undefined;
    }),
  );
}

const { code, expires, sig } = claimStatusQuerySchema.entries;

/**
 * The claim-status page (`/claim-status?code=CL-…[&expires=…&sig=…]`): 'View Claim Status' and the
 * emailed link open it. A code that is no claim number shows the no-such-claim view without a call.
 */
export const Route = createFileRoute("/claim-status")({
  validateSearch: v.object({
    code: optionalBy(code),
    expires: optionalBy(expires.wrapped),
    sig: optionalBy(sig.wrapped),
  }),
  component: function ClaimStatusRoute() {
    const search = Route.useSearch();
    if (!search.code) return <NoSuchClaim reason="notFound" />;
    const link = { code: search.code, expires: search.expires ?? null, sig: search.sig ?? null };
    // Another link is another read: a new machine, not the last one's answer.
    return <ClaimStatusScreen key={JSON.stringify(link)} link={link} />;
  },
});
