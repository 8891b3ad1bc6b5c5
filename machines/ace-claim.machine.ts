/**
 * aceClaimMachine: the ACE claim wizard (SPEC.md section 2 "Claim wizard (ACE)", section 4 "Claim
 * flow"), built on the shared core (claim-wizard.ts): step 2 confirms the customer's contact
 * information, step 3 selects the damaged items with their details; the damage report (options per
 * model number, no specific damage), review and submit are the core's. A submitted claim (any
 * successful answer but an incomplete claim), an already submitted one and a gateway timeout (HTTP
 * 504) count as success.
 *
 * The claim lives on the server; the step lives in the URL (`showStep`). Actors, actions and
 * context: see claim-wizard.ts; `saveContact` is ACE's own call.
 */
import {
  claimWizard,
  detailsEditing,
  initialContext,
  onContactKeep,
  onItemToggle,
  onStepRequested,
  stepState,
  saveFailed,
  waitingForServer,
  wizardStates,
  type SaveContactInput,
} from "./claim-wizard.ts";
import { atRest } from "./wizard-steps.ts";
import { isValidContact, type Contact } from "./contact-rules.ts";
import type { SubmitOutcome } from "./outcomes.ts";

export const aceClaimMachine = claimWizard
  .extend({
    guards: {
      hasValidContact: ({ context }) => isValidContact(context.contact),
      // ACE submit shows the confirmation after any successful answer but an incomplete claim
      // (SPEC.md section 4), and after a gateway timeout: the gateway gave up waiting, but the claim
      // was received.
      isClaimAccepted: (_, params: { outcome: SubmitOutcome }) =>
        ["submitted", "alreadySubmitted", "gatewayTimeout"].includes(params.outcome.kind),
    },
  })
  .createMachine({
    id: "aceClaim",
    context: ({ input }) => initialContext("ace", input),
    initial: "loading",
    states: {
      // Loading, routing, the damage report, review and submit: the core's (claim-wizard.ts).
      ...wizardStates.shared,
      // Step 2: the customer checks and updates their contact information.
      confirmingContact: {
        ...stepState(2),
        initial: "editing",
        states: {
          editing: {
            ...atRest,
            on: {
              "contact.change": {
                actions: { type: "setContact", params: ({ event }) => ({ contact: event.contact }) },
              },
              ...onContactKeep,
              "step.next": { guard: "hasValidContact", target: "savingContact" },
              "step.back": "#planChoice",
            },
          },
          keepingContact: wizardStates.keepingContact,
          savingContact: {
            ...waitingForServer(saveFailed),
            invoke: {
              id: "saveContact",
              src: "saveContact",
              input: ({ context }): SaveContactInput => ({
                customerId: context.customerId!,
                claimId: context.claimId,
                contact: context.contact as Contact,
              }),
              onDone: { target: "#step3", actions: "markContactSaved" },
              onError: saveFailed,
            },
          },
        },
      },
      // Step 3: tick the damaged items and confirm manufacturer, material and color of each.
      selectingItems: {
        ...stepState(3),
        initial: "editing",
        states: {
          // As FPP's details step, with the items ticked here too.
          editing: { ...detailsEditing, on: { ...onItemToggle, ...detailsEditing.on } },
          removingItem: wizardStates.removingItem,
          savingItems: wizardStates.savingItems,
          keepingItems: wizardStates.keepingItems,
        },
      },
    },
    on: onStepRequested,
  });
