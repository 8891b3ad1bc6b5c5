/**
 * How each family's wizard loads its claim (SPEC.md section 2, "Claim wizard (FPP)" and "(ACE)"):
 * the claim, its plan and the option lists its steps choose from. A module apart from the families'
 * tables, so a route can start the load without the wizard's screens and machines; the
 * two routes' loaders bring it, and both families' clients, into the app shell (a few kB).
 * Each rejects with the HTTP error of a failed call, or an Error when the claim is not the plan's.
 * Given `server` calls (the portal host rendering a claim's step for its owner), they ask through
 * its client, in its language, instead of the browser's.
 */
import type { LoadClaimInput, LoadedClaim } from "../../../machines/claim-wizard.ts";
import type { ModelOptions } from "../../../machines/domain.ts";
import { fetchAceClaim, fetchAceOptions, fetchCustomerInfo, fetchModelOptions } from "../../api/ace-claims.ts";
import { fetchClaim } from "../../api/claims.ts";
import type { ServerCalls } from "../../api/http.ts";
import { fetchClaimOptions } from "../../api/lookups.ts";
import { fetchAcePlan, fetchPlan } from "../../api/plans.ts";

/** FPP: claim, plan (with the missing items the claim added) and options; rejects when the claim does not belong to the URL's plan. */
export async function loadFppClaim({ claimId, planId }: LoadClaimInput, server?: ServerCalls): Promise<LoadedClaim> {
  const [claim, plan, options] = await Promise.all([
    fetchClaim(claimId, server?.client),
    fetchPlan(planId, claimId, server?.client),
    fetchClaimOptions(server?.locale, server?.client),
  ]);
  if (!plan || claim.planId !== plan.id) throw new Error("Claim does not belong to this plan");
  return { claim, plan, options };
}

/** ACE: claim, plan, options (per model number of each plan item) and the customer's contact details. */
export async function loadAceClaim(
  { claimId, planId, customerId }: LoadClaimInput,
  server?: ServerCalls,
): Promise<LoadedClaim> {
  if (customerId === null) throw new Error("An ACE claim needs its customer");
  const client = server?.client;
  const [claim, plan, options, contact] = await Promise.all([
    fetchAceClaim(claimId, client),
    fetchAcePlan(planId, customerId, claimId, client),
    fetchAceOptions(client),
    fetchCustomerInfo(customerId, claimId, client),
  ]);
  if (!plan || claim.planId !== plan.id || claim.customerId !== customerId)
    throw new Error("Claim does not belong to this plan");
  const models = [
    ...new Set(plan.items.map((item) => item.modelNumber).filter((model): model is string => Boolean(model))),
  ];
  const byModel = new Map(
    await Promise.all(models.map(async (model) => [model, await fetchModelOptions(model, client)] as const)),
  );
  const none: ModelOptions = { damageTypes: [], howItHappened: [], damageAreas: [] };
  const modelOptions = Object.fromEntries(
    plan.items.map((item) => [item.id, (item.modelNumber && byModel.get(item.modelNumber)) || none]),
  );
  return { claim, plan, options, modelOptions, contact: contact.onFile, contactTypedForClaim: contact.typedForClaim };
}

/**
 * A wizard route's caching of the load its loader starts: once per claim. Nothing reloads it as
 * stale while the wizard moves between steps (staleTime), and leaving the route drops it (gcTime),
 * so coming back starts a new one.
 */
export const ONE_LOAD_PER_CLAIM = { staleTime: Infinity, gcTime: 0 } as const;

/**
 * A load a route started before its wizard rendered, given once to the first `loadClaim` that asks
 * for the same claim. Later loads (a retry, a remount) call afresh, so nothing shown is older than
 * the wizard that shows it.
 */
export interface StartedLoad {
  /** The started load when `input` names its claim and nobody took it yet, else null. */
  take(input: LoadClaimInput): Promise<LoadedClaim> | null;
}

/**
 * What a wizard route's loader gives its wizard: on the server, the claim loaded for the visitor
 * (null when the API refused or failed: then nothing is rendered, and the app loads it); in the
 * browser, the load started now for the wizard to take (null without a claim to load). A claim
 * loaded on the server reaches the browser in the router's state, so the hydrated wizard starts
 * with it.
 */
export function loadForRoute(
  load: (input: LoadClaimInput, server?: ServerCalls) => Promise<LoadedClaim>,
  input: LoadClaimInput | null,
  server: ServerCalls | undefined,
):
  | { loaded: LoadedClaim | null; startedLoad: StartedLoad | null }
  | Promise<{ loaded: LoadedClaim | null; startedLoad: null }> {
  if (!input) return { loaded: null, startedLoad: null };
  if (!server) return { loaded: null, startedLoad: startLoad(load, input) };
  return load(input, server).then(
    (loaded) => ({ loaded, startedLoad: null }),
    () => ({ loaded: null, startedLoad: null }),
  );
}

/** Starts `load(input)` now. Its failure is the wizard's to show once taken, not an unhandled rejection. */
export function startLoad(load: (input: LoadClaimInput) => Promise<LoadedClaim>, input: LoadClaimInput): StartedLoad {
  let started: Promise<LoadedClaim> | null = load(input);
  started.catch(() => undefined);
  return {
    take(asked) {
      if (
        !started ||
        asked.claimId !== input.claimId ||
        asked.planId !== input.planId ||
        asked.customerId !== input.customerId
      )
        return null;
      const load = started;
      started = null;
      return load;
    },
  };
}
