/**
 * 'Select your Plan' (SPEC.md section 2): the customer's plans as radio cards, Submit by plan type,
 * and the Continue Draft Claim / Claim Already in Progress dialogs. Plans come from the app's
 * planSearch actor (router context); the route's beforeLoad has already waited for them, and re-ran
 * the saved search after a reload. After a language switch on this page the cards' item names follow
 * it (SPEC.md section 9): each plan is loaded again by id in the new language, not searched again
 * (searches are rate-limited), and only its items' names are laid over the actor's plans.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { useActorRef, useSelector } from "@xstate/react";
import { useMemo, useState } from "react";
import { fromPromise } from "xstate";
import type { Plan, PlanType, StartClaimResult } from "../../../machines/domain.ts";
import { isSelectablePlan, planSelectionMachine } from "../../../machines/plan-selection.machine.ts";
import { fetchPlansAgain } from "../../api/plans.ts";
import { config } from "../../config.ts";
import { BackButton, SEARCH_START } from "../../ui/BackButton.tsx";
import { Button } from "../../ui/Button.tsx";
import { Dialog } from "../../ui/Dialog.tsx";
import { usePlanSearch } from "../shared/plan-search-actor.ts";
import { withItemNamesOfEach } from "../shared/plan-item-names.ts";
import { useInShownLanguage } from "../../ui/use-in-shown-language.ts";
import { PlanCard } from "./PlanCard.tsx";
import { inspect } from "../../inspect.ts";
import { ScreenHeading } from "../../ui/ScreenHeading.tsx";

export interface SelectPlanSearch {
  warranty_id?: number;
  claimId?: number;
}

export function SelectPlanScreen({ search }: { search: SelectPlanSearch }) {
  const plans = useSelector(usePlanSearch(), (snapshot) => snapshot.context.plans);
  const navigate = useNavigate();
  const { t } = useLingui();

  return (
    <section className="screen">
      <BackButton onBack={() => void navigate({ to: SEARCH_START })} />
      <ScreenHeading title={t`Select your Plan`} />
      {plans.length === 0 ? (
        <p role="status" className="loading">
          <Trans>Loading your plans…</Trans>
        </p>
      ) : (
        <PlanChooser key={plans.map((plan) => plan.id).join()} plans={plans} search={search} />
      )}
    </section>
  );
}

function PlanChooser({ plans: searched, search }: { plans: Plan[]; search: SelectPlanSearch }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  // Made once per set of plans (this component is keyed by their ids): the hook loads each
  // language once for the screen's life. Its ids are what the calls need, the same for any words.
  const [loadNames] = useState(() => () => fetchPlansAgain(searched));
  const named = useInShownLanguage(loadNames);
  const plans = useMemo(() => withItemNamesOfEach(searched, named), [searched, named]);
  const [logic] = useState(() =>
    planSelectionMachine.provide({
      actors: {
        // The claims client (and luxon, for the claim's dates) loads when the person submits, not
        // before the plans paint.
        startClaim: fromPromise<StartClaimResult, { planId: number; customerId: number; planType: PlanType }>(
          async ({ input }) => (await import("../../api/claims.ts")).startClaim(input),
        ),
        deleteDraft: fromPromise<void, number>(async ({ input }) =>
          (await import("../../api/claims.ts")).deleteDraftClaim(input),
        ),
      },
      actions: {
        openClaim: (_, { claimId, planId, customerId, planType }) =>
          void (planType === "FPP"
            ? navigate({ to: "/find-claim/create-claim", search: { step: 2, claimId, warranty_id: planId } })
            : navigate({
                to: "/find-claim/create-ace-claim",
                search: { step: 2, claimId, warranty_id: planId, cust_id: customerId },
              })),
        openLegacySite: (_, { plan }) =>
          void window.open(
            `${config.legacyClaimUrl}?warranty=${encodeURIComponent(plan.number)}`,
            "_blank",
            "noopener",
          ),
        openClaimStatus: (_, { statusCode }) =>
          void window.open(`${config.claimStatusUrl}?code=${encodeURIComponent(statusCode)}`, "_blank", "noopener"),
      },
    }),
  );
  const actor = useActorRef(logic, {
    input: { plans: searched, preselectPlanId: search.warranty_id ?? null, resumeClaimId: search.claimId ?? null },
    inspect,
  });
  const selectedPlanId = useSelector(actor, (snapshot) => snapshot.context.selectedPlanId);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const busy = useSelector(
    actor,
    (snapshot) =>
      snapshot.matches("startingClaim") || snapshot.matches("deletingDraft") || snapshot.matches("claimOpened"),
  );
  const dialog = useSelector(actor, (snapshot) =>
    snapshot.matches("draftDialog") || snapshot.matches("deletingDraft")
      ? "draft"
      : snapshot.matches("inProgressDialog")
        ? "inProgress"
        : null,
  );
  const statusCode = useSelector(actor, (snapshot) => snapshot.context.statusCode);

  const errorText =
    error === "startFailed"
      ? t`We could not start your claim. Please try again.`
      : error === "deleteFailed"
        ? t`We could not delete the draft claim. Please try again.`
        : error === "planNotEligible"
          ? t`Claims on this plan are filed with our claims team. Please contact us.`
          : null;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: "plan.submit" });
      }}
    >
      <fieldset className="plan-list">
        <legend className="visually-hidden">{t`Your plans`}</legend>
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            checked={plan.id === selectedPlanId}
            onSelect={() => actor.send({ type: "plan.select", planId: plan.id })}
          />
        ))}
      </fieldset>
      <p className="note">
        <Trans>
          Missing an item? You can still add it to your claim, but a copy of the invoice or sales receipt is required.
        </Trans>
      </p>
      {errorText && !dialog && (
        <p role="alert" className="form-error">
          {errorText}
        </p>
      )}
      {plans.some(isSelectablePlan) ? (
        <Button type="submit" disabled={selectedPlanId === null} loading={busy && !dialog}>
          {t`Submit`}
        </Button>
      ) : (
        // Only active plans take a claim: say so and offer the way that remains, rather than a
        // Submit that can never be pressed.
        <div role="note">
          <p>
            <Trans>
              A claim can be filed only on an active plan, and none of these is active. Our service team can help with a
              cancelled or expired plan.
            </Trans>
          </p>
          <Button onClick={() => void navigate({ to: "/contact-service" })}>{t`Contact Service`}</Button>
        </div>
      )}

      <Dialog
        open={dialog === "draft"}
        title={t`Continue Draft Claim`}
        onClose={() => actor.send({ type: "dialog.close" })}
      >
        <p>
          <Trans>You have a draft claim on this plan. Do you want to continue it?</Trans>
        </p>
        {error === "deleteFailed" && (
          <p role="alert" className="form-error">
            {errorText}
          </p>
        )}
        <div className="actions">
          <Button onClick={() => actor.send({ type: "draft.continue" })}>{t`Continue Draft Claim`}</Button>
          <Button variant="secondary" loading={busy} onClick={() => actor.send({ type: "draft.delete" })}>
            {t`Delete Draft & File New Claim`}
          </Button>
        </div>
      </Dialog>

      <Dialog
        open={dialog === "inProgress"}
        title={t`Claim Already in Progress`}
        onClose={() => actor.send({ type: "dialog.close" })}
      >
        <p>
          <Trans>
            We've found that a claim is already in progress for this service plan. You can follow it on the claim status
            site.
          </Trans>
        </p>
        <div className="actions">
          <Button disabled={!statusCode} onClick={() => actor.send({ type: "status.view" })}>
            {t`View Claim Status`}
          </Button>
          <Button variant="secondary" onClick={() => actor.send({ type: "dialog.close" })}>
            {t`Close`}
          </Button>
        </div>
      </Dialog>
    </form>
  );
}
