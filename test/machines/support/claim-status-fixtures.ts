/** Fixtures of claimStatusMachine's tests: a claim just submitted, and each answer of its read. */
import type { ClaimProgress, ClaimStatusLink, ClaimStatusOutcome } from "../../../machines/claim-status.machine.ts";

export const statusLink: ClaimStatusLink = { code: "CL-55", expires: null, sig: null };

export const justSubmitted: ClaimProgress = {
  claimNumber: "CL-55",
  plan: { number: "W-E34-WS4566", programName: "Furniture Protection Plus" },
  items: [{ id: 7, name: "Sofa" }],
  documents: [{ id: 3, fileName: "sofa.jpg" }],
  timeline: [
    { step: "submitted", reachedAt: "2026-11-26T15:00:00.000Z" },
    { step: "inReview", reachedAt: null },
    { step: "decision", reachedAt: null },
    { step: "service", reachedAt: null },
    { step: "closed", reachedAt: null },
  ],
  current: "submitted",
  next: { step: "inReview", expectedBy: "2026-12-01" },
  decision: null,
};

/** The same claim once staff moved it to review. */
export const inReview: ClaimProgress = {
  ...justSubmitted,
  timeline: justSubmitted.timeline.map((entry) =>
    entry.step === "inReview" ? { ...entry, reachedAt: "2026-11-27T09:00:00.000Z" } : entry,
  ),
  current: "inReview",
  next: { step: "decision", expectedBy: "2026-12-04" },
};

export const FOUND: ClaimStatusOutcome = { kind: "found", progress: justSubmitted };
export const MOVED: ClaimStatusOutcome = { kind: "found", progress: inReview };
export const NOT_FOUND: ClaimStatusOutcome = { kind: "notFound" };
export const LINK_EXPIRED: ClaimStatusOutcome = { kind: "linkExpired" };
export const NO_CONNECTION: ClaimStatusOutcome = { kind: "failed", failure: { kind: "network" } };
export const SERVER_FAILED: ClaimStatusOutcome = {
  kind: "failed",
  failure: { kind: "refused", status: 503, code: null, message: "" },
};
