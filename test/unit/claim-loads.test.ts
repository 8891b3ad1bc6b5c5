/**
 * startLoad (src/screens/claim-wizard/claim-loads.ts): the claim load a route starts is given to
 * the wizard once, for that claim only, and its failure waits for the wizard rather than escaping.
 */
import { expect, it, vi } from "vitest";
import type { LoadClaimInput, LoadedClaim } from "../../machines/claim-wizard.ts";
import { startLoad } from "../../src/screens/claim-wizard/claim-loads.ts";

const input: LoadClaimInput = { claimId: 11, planId: 22, customerId: null };
const loaded = { claim: {}, plan: {}, options: null } as unknown as LoadedClaim;

it("starts the load at once and hands it over once, to a wizard of the same claim", async () => {
  const load = vi.fn(async () => loaded);
  const started = startLoad(load, input);
  expect(load).toHaveBeenCalledExactlyOnceWith(input);
  expect(started.take({ ...input, claimId: 12 })).toBeNull();
  expect(started.take({ ...input, planId: 23 })).toBeNull();
  expect(started.take({ ...input, customerId: 5 })).toBeNull();
  await expect(started.take({ ...input })).resolves.toBe(loaded);
  // A retry, or a wizard mounted again, loads afresh.
  expect(started.take(input)).toBeNull();
  expect(load).toHaveBeenCalledOnce();
});

it("keeps a failed load for the wizard to show, without an unhandled rejection", async () => {
  const unhandled = vi.fn();
  process.on("unhandledRejection", unhandled);
  try {
    const started = startLoad(() => Promise.reject(new Error("offline")), input);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(unhandled).not.toHaveBeenCalled();
    await expect(started.take(input)).rejects.toThrow("offline");
  } finally {
    process.off("unhandledRejection", unhandled);
  }
});
