/**
 * The ACE claim wizard, route create-ace-claim (SPEC.md section 2 "Claim wizard (ACE)"): contact
 * information, items and their details, damages with options per model number, review, and the
 * confirmation. The aceClaim machine owns the flow; the URL mirrors its step.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { useActorRef, useSelector } from "@xstate/react";
import { useMemo, useState } from "react";
import { ACE_STEPS, aceClaimMachine, type AceClaimContext } from "../../../machines/ace-claim.machine.ts";
import type { ClaimDraftContext, DamageOptions } from "../../../machines/claim-drafts.ts";
import { ClaimSubmitted } from "../claim-wizard/ClaimSubmitted.tsx";
import { DamageStep } from "../claim-wizard/DamageStep.tsx";
import { DraftActorContext, type DraftActor } from "../claim-wizard/draft-actor.ts";
import { ItemDetailsStep } from "../claim-wizard/ItemDetailsStep.tsx";
import { ReviewStep } from "../claim-wizard/ReviewStep.tsx";
import { SelectItemsStep } from "../claim-wizard/SelectItemsStep.tsx";
import { useClaimNotices } from "../claim-wizard/use-claim-notices.ts";
import { toRequestedStep, useStepSync } from "../claim-wizard/use-step-sync.ts";
import { WizardFrame } from "../claim-wizard/WizardFrame.tsx";
import { ClaimNotFound } from "../errors/ClaimNotFound.tsx";
import { aceClaimActors } from "./ace-claim-actors.ts";
import { ContactStep } from "./ContactStep.tsx";

export interface AceWizardSearch {
  step?: number | string;
  claimId: number;
  warranty_id: number;
  cust_id: number;
}

/** ACE options depend on the item's model number; ACE damages have no specific damage. */
function aceDamageOptions(context: ClaimDraftContext, planItemId: number): DamageOptions {
  const { options, modelOptions } = context as AceClaimContext;
  const model = modelOptions[planItemId];
  return {
    damageTypes: model?.damageTypes ?? [],
    specificDamages: [],
    damageAreas: model?.damageAreas ?? [],
    howItHappened: model?.howItHappened ?? [],
    remedies: options?.remedies ?? [],
  };
}

export function AceWizardScreen({ search }: { search: AceWizardSearch }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [logic] = useState(() =>
    aceClaimMachine.provide({
      actors: aceClaimActors,
      actions: {
        leaveToSelectPlan: (_, { claimId, planId }) => void navigate({ to: "/find-claim/select-plan", search: { warranty_id: planId, claimId } }),
        goHome: () => void navigate({ to: "/" }),
      },
    }),
  );
  const actor = useActorRef(logic, {
    input: { claimId: search.claimId, planId: search.warranty_id, customerId: search.cust_id, requestedStep: toRequestedStep(search.step) },
  });
  useClaimNotices(actor);
  const draftActor = useMemo<DraftActor>(() => ({ ref: actor, send: (event) => actor.send(event), family: "ace", damageOptionsFor: aceDamageOptions }), [actor]);

  const step = useStepSync(actor, search.step);
  const notFound = useSelector(actor, (snapshot) => snapshot.matches("claimNotFound"));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag("busy"));
  // The machine's own guards decide: on step 4 Next is always taken (it then shows what is missing).
  const canGoNext = useSelector(actor, (snapshot) => snapshot.can({ type: "step.next" }) || snapshot.can({ type: "claim.submit" }));

  if (notFound) return <ClaimNotFound />;
  if (step === null) {
    return (
      <p role="status" className="loading">
        <Trans>Loading your claim…</Trans>
      </p>
    );
  }
  if (step === 6) return <ClaimSubmitted family="ace" claimId={search.claimId} onHome={() => actor.send({ type: "claim.close" })} />;

  const titles: Record<number, string> = {
    2: t`Verify your contact information`,
    3: t`Select damaged items under your plan`,
    4: t`Report your damage`,
    5: t`Review claim details`,
  };
  return (
    <DraftActorContext.Provider value={draftActor}>
      <WizardFrame
        steps={ACE_STEPS}
        step={step}
        title={titles[step]!}
        canGoNext={canGoNext}
        busy={busy}
        isReview={step === 5}
        onBack={() => actor.send({ type: "step.back" })}
        onNext={() => actor.send(step === 5 ? { type: "claim.submit" } : { type: "step.next" })}
      >
        {step === 2 && <ContactStep actor={actor} />}
        {step === 3 && (
          <>
            <SelectItemsStep />
            <h2>{t`Confirm/Update Item Details`}</h2>
            <ItemDetailsStep pointToStep2={false} />
          </>
        )}
        {step === 4 && <DamageStep />}
        {step === 5 && <ReviewStep />}
      </WizardFrame>
    </DraftActorContext.Provider>
  );
}
