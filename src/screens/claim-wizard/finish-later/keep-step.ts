/**
 * The finish-later machine's `keepStep` over a claim wizard (machines/claim-wizard.ts `step.keep`):
 * asks the wizard to save what the step on screen holds and waits for its answer.
 */
import type { ClaimWizardActor } from "../draft-actor.ts";

/**
 * Sends `step.keep` to the wizard and settles with its emitted answer.
 * @throws Error when the wizard cannot take it now (a call of its own runs) or its save failed
 */
export function keepWizardStep(wizard: ClaimWizardActor): Promise<void> {
  // Both wizards share the core's events and emits; one of the two types is enough to speak to either.
  const actor = wizard as Extract<ClaimWizardActor, { id: string }>;
  if (!actor.getSnapshot().can({ type: "step.keep" })) return Promise.reject(new Error("The wizard is busy"));
  return new Promise<void>((resolve, reject) => {
    const kept = actor.on("stepKept", () => {
      stop();
      resolve();
    });
    const failed = actor.on("stepKeepFailed", () => {
      stop();
      reject(new Error("The step was not saved"));
    });
    const stop = () => {
      kept.unsubscribe();
      failed.unsubscribe();
    };
    actor.send({ type: "step.keep" });
  });
}
