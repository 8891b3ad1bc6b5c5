/**
 * fppClaimMachine: the FPP claim wizard, steps 2 to 6 (SPEC.md section 2 "Claim wizard (FPP)",
 * section 4 "Claim flow", section 5 steps 2-4), built on the shared core (claim-wizard.ts): step 2
 * selects the damaged items, step 3 confirms their details; the damage report, review and submit are
 * the core's. FPP submit succeeds only when the claim is submitted, or when it is refused because it
 * already was.
 *
 * The claim lives on the server; the step lives in the URL (`showStep`). A reload re-enters
 * `loading` and resumes. Actors, actions and context: see claim-wizard.ts.
 */
import {
  claimWizard,
  detailsEditing,
  initialContext,
  stepState,
  onItemsKeep,
  onItemToggle,
  onStepRequested,
  wizardStates,
} from "./claim-wizard.ts";
import { atRest } from "./wizard-steps.ts";

// Submit: the core's rule (a claim taken now or already submitted counts, a gateway timeout does not).
export const fppClaimMachine = claimWizard.createMachine({
  id: "fppClaim",
  context: ({ input }) => initialContext("fpp", input),
  initial: "loading",
  states: {
    // Loading, routing, the damage report, review and submit: the core's (claim-wizard.ts).
    ...wizardStates.shared,
    // Step 2: tick the damaged items; returned and fully replaced items cannot be ticked.
    selectingItems: {
      ...stepState(2),
      initial: "editing",
      states: {
        editing: {
          ...atRest,
          on: {
            ...onItemToggle,
            ...onItemsKeep,
            "step.next": { guard: "hasSelection", target: "#step3" },
            "step.back": "#planChoice",
          },
        },
        removingItem: wizardStates.removingItem,
        keepingItems: wizardStates.keepingItems,
      },
    },
    // Step 3: manufacturer, material and color per chosen item, saved with Next.
    confirmingDetails: {
      ...stepState(3),
      initial: "editing",
      states: {
        editing: detailsEditing,
        savingItems: wizardStates.savingItems,
        keepingItems: wizardStates.keepingItems,
      },
    },
  },
  on: onStepRequested,
});
