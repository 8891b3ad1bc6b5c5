/**
 * 'Email me a link to finish later' (docs/api.md "Finish later"; contract/finish-later.ts):
 * GET /finish_later?claimId= names the masked address a link would go to, POST /finish_later
 * sends it. The refusal code NO_EMAIL_ON_FILE is read here, at the API edge, and becomes the
 * machine's NoEmailOnFile; every other failure a CallFailed (machines/outcomes.ts).
 */
import { FINISH_LATER_CODES, finishLaterAnswerSchema, finishLaterTargetSchema } from "../../contract/finish-later.ts";
import { NoEmailOnFile } from "../../machines/finish-later.machine.ts";
import { codeOf, http, withCallFailure } from "./http.ts";

/**
 * The masked address on the claim's plan.
 * @returns e.g. `j•••@example.com`, or null when none is on file
 * @throws CallFailed (404 when the claim is not this browser's)
 */
export function loadFinishLaterTarget(claimId: number): Promise<string | null> {
  return withCallFailure(
    async () => (await http.get("finish_later", { searchParams: { claimId } }).json(finishLaterTargetSchema)).sendTo,
  );
}

/**
 * Emails the link to the draft at `step` (2 to 5).
 * @returns the masked address it went to
 * @throws NoEmailOnFile when the plan's customer has none; CallFailed otherwise (rateLimited for a 429)
 */
export async function sendFinishLaterLink(input: { claimId: number; step: number }): Promise<string> {
  try {
    return await withCallFailure(
      async () => (await http.post("finish_later", { json: input }).json(finishLaterAnswerSchema)).sentTo,
    );
  } catch (error) {
    if (codeOf((error as Error).cause) === FINISH_LATER_CODES.noEmailOnFile) throw new NoEmailOnFile();
    throw error;
  }
}
