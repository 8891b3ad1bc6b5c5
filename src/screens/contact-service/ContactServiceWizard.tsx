/**
 * The contact-service request, route contact-service (SPEC.md section 2 "Contact service wizard"):
 * Customer Details, Purchase Details, Upload Documents, Review Details, and the thank-you page. The
 * contactService machine owns the flow; the URL mirrors its step (`step`, `id`, and `ticket` on the
 * thank-you page) through the shared step sync; the draft is kept in the `data` cookie so a reload,
 * a closed tab or a return the same day finds every field and every uploaded document: the machine
 * opens the kept request whatever the address (requestIdOf), until the person starts a new one.
 */
import { useLingui } from "@lingui/react/macro";
import { useRouter } from "@tanstack/react-router";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useState } from "react";
import { contactServiceMachine } from "../../../machines/contact-service.machine.ts";
import { stepOf } from "../../../machines/claim-wizard.ts";
import { waitOf } from "../../../machines/wizard-steps.ts";
import type { PlanQuery } from "../../../machines/domain.ts";
import { receivedTicket } from "../../lib/received-tickets.ts";
import { contactServiceActors } from "./contact-service-actors.ts";
import { config } from "../../config.ts";
import { clearContactDraft, loadContactDraft, saveContactDraft } from "../../lib/contact-draft.ts";
import { loadMapsScript, mapsPlacesReady } from "../../lib/maps-script.ts";
import { loadSearchInfo } from "../../lib/search-info.ts";
import { showStepInUrl, useStepRequests } from "../../ui/wizard-url.ts";
import { WizardFrame } from "../../ui/WizardFrame.tsx";
import { showContactNotice } from "./contact-notices.ts";
import { ContactReviewStep } from "./ContactReviewStep.tsx";
import { CustomerDetailsStep } from "./CustomerDetailsStep.tsx";
import { DocumentsStep } from "./DocumentsStep.tsx";
import { PurchaseDetailsStep } from "./PurchaseDetailsStep.tsx";
import { RequestSubmitted } from "./RequestSubmitted.tsx";
import { ResumedRequestNotice } from "./ResumedRequestNotice.tsx";
import { inspect } from "../../inspect.ts";

const CONTACT_STEPS = [1, 2, 3, 4] as const;

export interface ContactServiceWizardProps {
  /** `id` of the URL, null when missing: the machine opens the kept request or a new one. */
  requestId: string | null;
  /** `step` of the URL as parsed once by the route. */
  step: number | null;
  /** `ticket` of the URL: the Request Number once sent (shown only when this tab received it). */
  ticket: string | null;
}

/** What the failed searches already know: name, email, phone, invoice, ZIP. */
function prefillFrom(query: PlanQuery | null) {
  if (!query || query.by === "warrantyNumber") return {};
  return {
    name: [query.firstName, query.lastName].filter(Boolean).join(" "),
    ...(query.email && { email: query.email }),
    ...(query.phone && { phone: query.phone }),
    ...(query.zip && { zipCode: query.zip }),
    ...(query.invoice && { invoice: query.invoice }),
  };
}

export function ContactServiceWizard({ requestId, step: urlStep, ticket }: ContactServiceWizardProps) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const [logic] = useState(() =>
    contactServiceMachine.provide({
      actors: contactServiceActors,
      actions: {
        // The id changes only for a new request the person asked for; the ticket only on step 5.
        showStep: (_, { step, replace, ticket: number, requestId: id }) =>
          showStepInUrl(router, "/contact-service", step, replace, { id, ticket: number ?? undefined }),
        goHome: () => void router.navigate({ to: "/" }),
        saveDraft: (_, draft) => saveContactDraft(draft),
        clearDraft: () => clearContactDraft(),
      },
    }),
  );
  const [shownTicket] = useState(() => receivedTicket(ticket));
  const actor = useActorRef(logic, {
    input: {
      requestId,
      newRequestId: crypto.randomUUID(),
      requestedStep: urlStep,
      ticket: shownTicket,
      draft: loadContactDraft(),
      prefill: prefillFrom(loadSearchInfo()),
    },
    inspect,
  });
  const step = useSelector(actor, stepOf);
  useStepRequests(actor, urlStep, step);
  useEffect(() => {
    const subscription = actor.on("notify", (event) => showContactNotice(event.code));
    return () => subscription.unsubscribe();
  }, [actor]);
  const wait = useSelector(actor, waitOf);
  const sentTicket = useSelector(actor, (snapshot) => snapshot.context.ticket);
  const shownRequest = useSelector(actor, (snapshot) => snapshot.context.requestId);

  // The address suggestions need the maps script: loaded here only, and only with a key.
  const [mapsReady, setMapsReady] = useState(mapsPlacesReady);
  useEffect(() => {
    let current = true;
    void loadMapsScript(config.mapsApiKey, i18n.locale).then((ready) => current && setMapsReady(ready));
    return () => {
      current = false;
    };
  }, [i18n.locale]);

  if (step === 5 && sentTicket)
    return <RequestSubmitted ticket={sentTicket} onHome={() => actor.send({ type: "request.close" })} />;
  if (step === null || step === 5) return null;

  const titles = {
    1: t`Customer Details`,
    2: t`Purchase Details`,
    3: t`Upload Documents`,
    4: t`Review Details`,
  } as const;
  const current = step as 1 | 2 | 3 | 4;
  return (
    // A new request the person asked for is drawn afresh: its fields untouched, focus on its title
    // (the button that had it is gone with the request it belonged to).
    <WizardFrame
      key={shownRequest}
      steps={CONTACT_STEPS}
      step={current}
      title={titles[current]}
      canGoNext={wait === "none"}
      wait={wait}
      onCancel={() => actor.send({ type: "call.cancel" })}
      isReview={current === 4}
      onBack={() => actor.send({ type: "step.back" })}
      onNext={() => actor.send(current === 4 ? { type: "request.submit" } : { type: "step.next" })}
    >
      <ResumedRequestNotice actor={actor} />
      {current === 1 && <CustomerDetailsStep actor={actor} mapsReady={mapsReady} />}
      {current === 2 && <PurchaseDetailsStep actor={actor} mapsReady={mapsReady} />}
      {current === 3 && <DocumentsStep actor={actor} />}
      {current === 4 && <ContactReviewStep actor={actor} />}
    </WizardFrame>
  );
}
