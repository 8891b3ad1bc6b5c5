/**
 * `npm run claim-status -- CL-123 in_review` (`… decision approved`, `… decision denied --reason "…"`,
 * or `--outcome approved`): moves a submitted claim to a later step of its status
 * timeline (contract/claim-status.ts: submitted, in_review, decision, service, closed) through the
 * running server's staff call, POST /api/v1/staff/claim_status, and prints its new status. The
 * claim may be named by its status code too (CS-P55-0001); an unknown or ambiguous code is refused by name.
 * Settings as the server's: PUBLIC_URL, else http://127.0.0.1:PORT (where the server answers);
 * STAFF_KEY, else DATA_DIR/staff-key (the key the server checks; SECURITY.md "The staff key").
 * Exit status 0 when moved, 1 when refused or no server answers, 2 on a wrong command line.
 */
import * as v from "valibot";
import { parseArgs } from "node:util";
import {
  CLAIM_CODE_AMBIGUOUS,
  CLAIM_STEPS,
  DECISION_OUTCOMES,
  claimStatusResponseSchema,
  staffClaimStatusRequestSchema,
} from "../contract/claim-status.ts";
import { loadConfig } from "../server/config.ts";
import { STAFF_KEY_HEADER, staffKeyOf } from "../server/http/staff-key.ts";

const { values: options, positionals } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== "--"),
  options: { outcome: { type: "string" }, reason: { type: "string" } },
  allowPositionals: true,
  strict: false,
});
// The decision's outcome may follow the step (`decision approved`) or come as --outcome.
const [code, step, outcomeWord, ...extra] = positionals;
const outcome = typeof options.outcome === "string" ? options.outcome : outcomeWord;
const reason = typeof options.reason === "string" ? options.reason : undefined;
const request = v.safeParse(staffClaimStatusRequestSchema, {
  code,
  step,
  ...(outcome === undefined ? {} : { outcome }),
  ...(reason === undefined ? {} : { reason }),
});
if (extra.length > 0 || (outcomeWord !== undefined && typeof options.outcome === "string") || !request.success) {
  console.error(`Usage: npm run claim-status -- <claim number> <step> [outcome] [--reason "…"]
  e.g. npm run claim-status -- CL-123 in_review
       npm run claim-status -- CL-123 decision approved
       npm run claim-status -- CL-123 decision denied --reason "The damage is not covered by the plan"
Steps, in order: ${CLAIM_STEPS.join(", ")}
The decision takes its outcome: ${DECISION_OUTCOMES.join(", ")}; a denial may give its reason.`);
  process.exit(2);
}
const move = request.output;
const config = loadConfig();
const origin = config.publicUrl ?? `http://127.0.0.1:${config.port}`;
const key = config.staffKey ?? (await staffKeyOf(config.dataDir));

let response: Response;
try {
  response = await fetch(`${origin}/api/v1/staff/claim_status`, {
    method: "POST",
    headers: { "content-type": "application/json", [STAFF_KEY_HEADER]: key },
    body: JSON.stringify(move),
  });
} catch {
  console.error(`No server answers at ${origin}: start it (npm start), or set PUBLIC_URL or PORT to where it runs.`);
  process.exit(1);
}
const body = (await response.json().catch(() => null)) as {
  code?: string;
  message?: string;
  retryAfter?: number;
} | null;
if (response.ok) {
  const { result } = v.parse(claimStatusResponseSchema, body);
  const next = result.next ? `; next: ${result.next.step}, expected by ${result.next.expectedBy}` : "";
  const decided = result.decision
    ? `; decision: ${result.decision.outcome}${result.decision.reason ? ` (${result.decision.reason})` : ""}`
    : "";
  console.log(`${result.claimNumber} is now ${result.current} (status "${result.status}")${decided}${next}`);
  process.exit(0);
}
// An unknown or ambiguous code is named, so staff see which code to check before moving anything.
const refusals: Record<number, string> = {
  404: `${code}: unknown claim: no submitted claim has this number or code (a draft has no status yet)`,
  409:
    body?.code === CLAIM_CODE_AMBIGUOUS
      ? `${code}: ambiguous code: more than one claim has it, so nothing was moved; name the claim by its number (CL-…)`
      : `${code} was not moved: ${body?.message ?? "it has already reached that step"}`,
  401: `The server refused the staff key: run this with the server's DATA_DIR, or the STAFF_KEY it was started with`,
  429: `Too many wrong staff keys from this address: try again in ${body?.retryAfter ?? "a few"} seconds`,
};
console.error(refusals[response.status] ?? `The server answered ${response.status}: ${body?.message ?? "no message"}`);
process.exit(1);
