/**
 * A claim's status as the page shows it: the claim number, the timeline, what happens next and by
 * when, the plan, the items claimed, the documents sent, and how to reach support.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import type { ClaimProgress } from "../../../machines/claim-status.machine.ts";
import { formatDisplayDate } from "../../lib/dates.ts";
import { displayName } from "../../ui/DocumentList.tsx";
import { isPastDue } from "./claim-dates.ts";
import { ClaimTimeline } from "./ClaimTimeline.tsx";
import { SupportContact } from "./SupportContact.tsx";
import { CLOSED_WORDS, NEXT_STEP_WORDS, OUTCOME_WORDS, STEP_NAMES } from "./step-words.ts";

export function ClaimStatusDetails({ progress }: { progress: ClaimProgress }) {
  const { t, i18n } = useLingui();
  const timelineTitle = useId();
  const { claimNumber, next } = progress;
  const nextStep = next ? i18n._(STEP_NAMES[next.step]) : "";
  const expectedBy = next ? formatDisplayDate(next.expectedBy, i18n) : "";
  const reason = progress.decision?.reason ?? "";
  return (
    <>
      <p className="claim-number">
        <Trans>Claim number</Trans>: <strong>{claimNumber}</strong>
      </p>

      <section className="claim-status-part">
        <h2 id={timelineTitle}>
          <Trans>Progress</Trans>
        </h2>
        <ClaimTimeline progress={progress} labelledBy={timelineTitle} />
      </section>

      {progress.decision && (
        <section className="claim-status-part">
          <h2>
            <Trans>Decision</Trans>
          </h2>
          <p>
            <strong>{i18n._(OUTCOME_WORDS[progress.decision.outcome])}</strong>
          </p>
          {progress.decision.reason && (
            <p>
              <Trans>Reason given: {reason}</Trans>
            </p>
          )}
        </section>
      )}

      <section className="claim-status-part">
        <h2>
          <Trans>What happens next</Trans>
        </h2>
        {next ? (
          <>
            <p>
              <strong>{nextStep}</strong>: {i18n._(NEXT_STEP_WORDS[next.step])}
            </p>
            {expectedBy &&
              (isPastDue(next.expectedBy) ? (
                <p>{t`We expected this by ${expectedBy}. We're running late on this step; we're on it.`}</p>
              ) : (
                <p>{t`We expect this by ${expectedBy}.`}</p>
              ))}
          </>
        ) : (
          <p>
            {progress.decision ? (
              i18n._(CLOSED_WORDS[progress.decision.outcome])
            ) : (
              <Trans>Your claim is closed. Nothing more is needed from you.</Trans>
            )}
          </p>
        )}
      </section>

      <section className="claim-status-part">
        <h2>
          <Trans>Your plan</Trans>
        </h2>
        <dl className="facts">
          <dt>
            <Trans>Plan number</Trans>
          </dt>
          <dd>{progress.plan.number}</dd>
          <dt>
            <Trans>Program</Trans>
          </dt>
          <dd>{progress.plan.programName}</dd>
        </dl>
      </section>

      <section className="claim-status-part">
        <h2>
          <Trans>Items in this claim</Trans>
        </h2>
        <ul>
          {progress.items.map((item) => (
            <li key={item.id}>{item.name}</li>
          ))}
        </ul>
      </section>

      <section className="claim-status-part">
        <h2>
          <Trans>Documents sent</Trans>
        </h2>
        {progress.documents.length ? (
          <ul className="claim-documents">
            {progress.documents.map((document) => (
              <li key={document.id}>{displayName(document.fileName)}</li>
            ))}
          </ul>
        ) : (
          <p>
            <Trans>No documents were sent with this claim.</Trans>
          </p>
        )}
      </section>

      <SupportContact claimNumber={claimNumber} />
    </>
  );
}
