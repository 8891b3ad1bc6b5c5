/**
 * The FPP claim wizard, route create-claim (SPEC.md section 2 "Claim wizard (FPP)"): numbered
 * steps, Back, Next / Submit, and the claim submitted screen. The fppClaim machine owns the flow;
 * the URL mirrors its step (use-step-sync.ts).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useState } from "react";
import { fppClaimMachine } from "../../../machines/fpp-claim.machine.ts";
import { FPP_STEPS } from "../../../machines/fpp-claim-steps.ts";
import { hasCompleteDetails } from "../../../machines/fpp-claim-rules.ts";
import { BackButton } from "../../ui/BackButton.tsx";
import { Button } from "../../ui/Button.tsx";
import { StepProgress } from "../../ui/StepProgress.tsx";
import { ClaimNotFound } from "../errors/ClaimNotFound.tsx";
import { claimActors } from "./claim-actors.ts";
import { ClaimActorContext } from "./claim-actor.ts";
import { showClaimNotice } from "./claim-notices.ts";
import { ClaimSubmitted } from "./ClaimSubmitted.tsx";
import { DamageStep } from "./DamageStep.tsx";
import { ItemDetailsStep } from "./ItemDetailsStep.tsx";
import { ReviewStep } from "./ReviewStep.tsx";
import { SelectItemsStep } from "./SelectItemsStep.tsx";
import { toRequestedStep, useStepSync } from "./use-step-sync.ts";

export interface ClaimWizardSearch {
  step?: number | string;
  claimId: number;
  warranty_id: number;
}

export function ClaimWizardScreen({ search }: { search: ClaimWizardSearch }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [logic] = useState(() =>
    fppClaimMachine.provide({
      actors: claimActors,
      actions: {
        leaveToSelectPlan: (_, { claimId, planId }) => void navigate({ to: "/find-claim/select-plan", search: { warranty_id: planId, claimId } }),
        goHome: () => void navigate({ to: "/" }),
      },
    }),
  );
  const actor = useActorRef(logic, { input: { claimId: search.claimId, planId: search.warranty_id, requestedStep: toRequestedStep(search.step) } });
  useEffect(() => {
    const subscription = actor.on("notify", (event) => showClaimNotice(event.code));
    return () => subscription.unsubscribe();
  }, [actor]);

  const step = useStepSync(actor, search.step);
  const notFound = useSelector(actor, (snapshot) => snapshot.matches("claimNotFound"));
  const busy = useSelector(actor, (snapshot) => (["savingItems", "savingDamages", "submitting", "removingItem"] as const).some((state) => snapshot.matches(state)));
  const canGoNext = useSelector(actor, (snapshot) => {
    const { selection, details } = snapshot.context;
    if (snapshot.matches("selectingItems")) return selection.length > 0;
    if (snapshot.matches("confirmingDetails")) return hasCompleteDetails(selection, details);
    return snapshot.matches("reportingDamage") || snapshot.matches("reviewing");
  });

  if (notFound) return <ClaimNotFound />;
  if (step === null) {
    return (
      <p role="status" className="loading">
        <Trans>Loading your claim…</Trans>
      </p>
    );
  }
  if (step === 6) {
    return (
      <ClaimActorContext.Provider value={actor}>
        <ClaimSubmitted claimId={search.claimId} onHome={() => actor.send({ type: "claim.close" })} />
      </ClaimActorContext.Provider>
    );
  }

  const titles: Record<number, string> = {
    1: t`Select your Plan`,
    2: t`Select damaged items under your plan`,
    3: t`Confirm/Update Item Details`,
    4: t`Report your damage`,
    5: t`Review claim details`,
  };

  return (
    <ClaimActorContext.Provider value={actor}>
      <section className="screen wizard">
        <BackButton onBack={() => actor.send({ type: "step.back" })} />
        <StepProgress steps={FPP_STEPS} current={step} />
        <h1 tabIndex={-1} key={step} ref={(heading) => heading?.focus()}>
          {titles[step]}
        </h1>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actor.send(step === 5 ? { type: "claim.submit" } : { type: "step.next" });
          }}
        >
          {step === 2 && <SelectItemsStep />}
          {step === 3 && <ItemDetailsStep />}
          {step === 4 && <DamageStep />}
          {step === 5 && <ReviewStep />}
          <div className="actions wizard-actions">
            <Button type="submit" disabled={!canGoNext} loading={busy}>
              {step === 5 ? t`Submit` : t`Next`}
            </Button>
          </div>
        </form>
      </section>
    </ClaimActorContext.Provider>
  );
}
