/**
 * `npm run plan-link -- W-E34-WS4566 [more numbers]`: prints a signed plan link for email
 * (SPEC.md section 2 "Open plan by id", server/domain/plan-links.ts) for each warranty number, valid 30
 * days. A signed link opens under either PLAN_LINKS setting and shows the customer's contact
 * details in full; the same link without `exp` and `sig` opens too unless PLAN_LINKS=signed
 * (SECURITY.md, "Plan links"). Reads the plan from the database the server uses; run it while
 * the server is stopped when that is the embedded PGlite (one process at a time), or any time with
 * DATABASE_URL.
 * Settings as the server's: DATA_DIR, DATABASE_URL, LINK_SECRET, PUBLIC_URL, PORT.
 */
import { exitWhenLocked } from "../server/db/data-lock.ts";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/db.ts";
import { familyOf } from "../server/domain/plan-family.ts";
import { PLAN_LINK_TTL_SECONDS, linkSecretOf, signedPlanLinkPath } from "../server/domain/plan-links.ts";

const numbers = process.argv.slice(2).filter((arg) => arg !== "--");
if (numbers.length === 0) {
  console.error("Usage: npm run plan-link -- <warranty number> [...]   e.g. npm run plan-link -- W-E34-WS4566");
  process.exit(2);
}
const config = loadConfig();
const secret = config.linkSecret ?? (await linkSecretOf(config.dataDir));
const origin = config.publicUrl ?? `http://localhost:${config.port}`;
const db = await openDatabase(config).catch(exitWhenLocked);
let failed = false;
try {
  for (const number of numbers) {
    const [plan] = await db.query<{ id: number; customer_id: number; plan_type: string }>(
      "SELECT id, customer_id, plan_type FROM plans WHERE upper(number) = upper($1)",
      [number],
    );
    if (!plan) {
      console.error(`${number}: no such plan`);
      failed = true;
      continue;
    }
    const expires = Math.floor(Date.now() / 1000) + PLAN_LINK_TTL_SECONDS;
    const path = signedPlanLinkPath(secret, {
      planId: plan.id,
      customerId: plan.customer_id,
      planType: familyOf(plan.plan_type),
      expires,
    });
    console.log(`${number}: ${origin}${path}`);
  }
} finally {
  await db.close();
}
process.exit(failed ? 1 : 0);
