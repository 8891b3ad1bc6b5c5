/**
 * Putting the reference API's demo data back between walks: a walk files claims and drafts on the
 * demo plans, and the next walk of the same start must meet the plan as seeded.
 */
import type { RunningServer } from "../../server/start.ts";

/** Deletes every claim on these plans (their items, damages and documents go with them). */
export async function deleteClaimsOn(server: RunningServer, planNumbers: string[]): Promise<void> {
  await server.db.query("DELETE FROM claims WHERE plan_id IN (SELECT id FROM plans WHERE number = ANY($1))", [
    planNumbers,
  ]);
}
