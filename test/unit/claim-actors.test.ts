// @vitest-environment jsdom
/**
 * The claim wizards' calls end when their machine gives up on them (src/screens/claim-wizard/
 * claim-actors.ts over each family's API): Cancel under 'Still working…' leaves the waiting state,
 * XState stops the call's actor and aborts its signal, and the request the actor sent is aborted
 * with it (that it is not sent again: write-retries.test.ts). Each actor of both families, over the real API modules, on a
 * network that never answers.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, type AnyActorLogic } from "xstate";
import { BLANK_CONTACT } from "../../machines/contact-rules.ts";
import { ACE_CLAIM } from "../../src/screens/claim-wizard/ace-claim-family.tsx";
import { claimActorsFor } from "../../src/screens/claim-wizard/claim-actors.ts";
import { FPP_CLAIM } from "../../src/screens/claim-wizard/fpp-claim-family.tsx";

/** Requests sent, each with whether its signal was aborted. */
let sent: Array<{ path: string; ended: () => boolean }> = [];

afterEach(() => {
  vi.unstubAllGlobals();
});

function hangingNetwork(): void {
  sent = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(
      (request: Request) =>
        new Promise<Response>((_, reject) => {
          sent.push({ path: new URL(request.url).pathname, ended: () => request.signal.aborted });
          request.signal.addEventListener("abort", () => reject(request.signal.reason as Error));
        }),
    ),
  );
}

const details = { manufacturerId: 1, materialId: 2, colorId: 3 };
const damage = {
  planItemId: 1,
  damageTypeId: 1,
  specificDamageId: null,
  damageAreaId: 1,
  howItHappenedId: 1,
  remedyId: 1,
  noticedOn: "2026-11-01",
  note: "torn",
};

/** Each call actor with an input it sends a request for. */
const calls: Record<string, unknown> = {
  saveItems: { claimId: 55, planId: 1, items: [{ planItemId: 1, itemTypeId: null, ...details }] },
  removeItem: { claimId: 55, claimItemId: 7 },
  saveDamages: { claimId: 55, customerId: 700, damages: [damage] },
  deleteDamage: { claimId: 55, damageId: 8 },
  deleteDocument: { claimId: 55, documentId: 9 },
  submitClaim: { claimId: 55, customerId: 700 },
};

describe.each([
  { family: "fpp" as const, table: FPP_CLAIM, extra: {} },
  {
    family: "ace" as const,
    table: ACE_CLAIM,
    extra: { saveContact: { customerId: 700, claimId: 55, contact: { ...BLANK_CONTACT, firstName: "Dana" } } },
  },
])("the $family wizard's calls", ({ family, table, extra }) => {
  const actors = claimActorsFor(family, table.api) as unknown as Record<string, AnyActorLogic>;

  it.each(Object.entries({ ...calls, ...extra }))("%s: stopping its actor aborts its request", async (name, input) => {
    hangingNetwork();
    const actor = createActor(actors[name]!, { input });
    actor.subscribe({ error: () => {} });
    actor.start();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.ended()).toBe(false);
    actor.stop();
    expect(sent[0]!.ended()).toBe(true);
  });
});
