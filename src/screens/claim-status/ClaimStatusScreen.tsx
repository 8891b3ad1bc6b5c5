/**
 * The claim-status page (`/claim-status?code=…`): runs claimStatusMachine with its read of the API
 * (src/api/claim-status.ts) and shows what the machine is in: loading, the status with Check for
 * updates, the no-such-claim or link-expired view, or a failed read with Retry. Focus goes to the
 * page's heading when what it shows changes, never when a shown status is merely read again.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { useState } from "react";
import { fromPromise } from "xstate";
import {
  claimStatusMachine,
  type ClaimStatusLink,
  type ClaimStatusOutcome,
} from "../../../machines/claim-status.machine.ts";
import { readClaimStatus } from "../../api/claim-status.ts";
import { refusalMessage } from "../../api/refusals.ts";
import { inspect } from "../../inspect.ts";
import { Button } from "../../ui/Button.tsx";
import { useFocusOnChange } from "../../ui/use-focus-on-change.ts";
import { ClaimStatusDetails } from "./ClaimStatusDetails.tsx";
import { NoSuchClaim } from "./NoSuchClaim.tsx";
import "./claim-status.css";
import { usePageTitle } from "../../ui/ScreenHeading.tsx";
import { useInShownLanguage } from "../../ui/use-in-shown-language.ts";

export function ClaimStatusScreen({ link }: { link: ClaimStatusLink }) {
  const { t, i18n } = useLingui();
  const [logic] = useState(() =>
    claimStatusMachine.provide({
      actors: { readStatus: fromPromise<ClaimStatusOutcome, ClaimStatusLink>(({ input }) => readClaimStatus(input)) },
    }),
  );
  const actor = useActorRef(logic, { input: link, inspect });
  const state = useSelector(
    actor,
    (snapshot) => snapshot.value as "loading" | "shown" | "notFound" | "linkExpired" | "failed",
  );
  const progress = useSelector(actor, (snapshot) => snapshot.context.progress);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  // A status read again stays what the page shows: the heading keeps its place and focus stays on
  // Check for updates.
  const view = state === "loading" && progress ? "shown" : state;
  const heading = useFocusOnChange<HTMLHeadingElement>(view);
  // Item names come in the language the status was read in: after a language switch they are
  // read again in the new one (the same call), each language once.
  const [loadItemNames] = useState(() => async () => {
    const outcome = await readClaimStatus(link);
    return new Map(outcome.kind === "found" ? outcome.progress.items.map((item) => [item.id, item.name]) : []);
  });
  const namedIn = useInShownLanguage(loadItemNames);
  // NoSuchClaim names the page when it is shown instead.
  usePageTitle(state === "notFound" || state === "linkExpired" ? null : t`Your claim status`);

  if (state === "notFound" || state === "linkExpired") return <NoSuchClaim reason={state} />;
  return (
    <section className="screen claim-status">
      <h1 tabIndex={-1} ref={heading}>
        <Trans>Your claim status</Trans>
      </h1>
      {state === "loading" && !progress && (
        <p role="status" className="loading">
          <Trans>Loading…</Trans>
        </p>
      )}
      {state === "failed" && (
        <>
          <div role="alert">
            <p>
              <Trans>We could not load the status of your claim.</Trans>
            </p>
            {failure && <p>{i18n._(refusalMessage(failure))}</p>}
          </div>
          <div className="actions">
            <Button onClick={() => actor.send({ type: "status.retry" })}>{t`Retry`}</Button>
          </div>
        </>
      )}
      {view === "shown" && progress && (
        <>
          <ClaimStatusDetails
            progress={
              namedIn
                ? {
                    ...progress,
                    items: progress.items.map((item) => ({ ...item, name: namedIn.get(item.id) ?? item.name })),
                  }
                : progress
            }
          />
          <div className="actions">
            <Button
              variant="secondary"
              loading={state === "loading"}
              onClick={() => actor.send({ type: "status.reload" })}
            >
              {t`Check for updates`}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
