/**
 * No warranty found (SPEC.md section 2): Try Again (back one page, or to the search when the tab
 * has no portal page behind this one), or Contact Service when the
 * planSearch machine says so (its `offersContactService`, at 3 or more failed searches).
 * When the API paused searching (planSearch `rateLimited`, HTTP 429) it says so instead,
 * and for how many minutes, rather than claiming the plan does not exist. When the browser's check
 * (the API's proof-of-work, planSearch `checkFailed`) gave up, it offers to run the same search again.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { useSelector } from "@xstate/react";
import { useGoBack } from "../../ui/BackButton.tsx";
import { Button } from "../../ui/Button.tsx";
import { offersContactService } from "../../../machines/plan-search.machine.ts";
import { isChecking, usePlanSearch } from "../shared/plan-search-actor.ts";
import { SearchCheckStatus } from "./SearchCheckStatus.tsx";
import { ScreenHeading } from "../../ui/ScreenHeading.tsx";

export function NoWarrantyFoundScreen() {
  const { t } = useLingui();
  const goBack = useGoBack();
  const navigate = useNavigate();
  const planSearch = usePlanSearch();
  const contactServiceOffered = useSelector(planSearch, offersContactService);
  const waitSeconds = useSelector(planSearch, (snapshot) =>
    snapshot.matches("rateLimited") ? snapshot.context.retryAfterSeconds : null,
  );
  const checkFailed = useSelector(planSearch, (snapshot) => snapshot.matches("checkFailed"));
  // Only Try Again after a failed check searches while this screen shows: it stays, busy, until
  // select-plan's route has the outcome.
  const retrying = useSelector(planSearch, (snapshot) => snapshot.matches("searching") || isChecking(snapshot));
  if (waitSeconds !== null) return <SearchesPaused minutes={Math.max(1, Math.ceil(waitSeconds / 60))} />;
  if (checkFailed || retrying) return <CheckFailed retrying={retrying} />;
  return (
    <section className="screen">
      <ScreenHeading title={t`We could not locate your warranty`} />
      <p>
        <Trans>Check the details on your retailer invoice or receipt and try again.</Trans>
      </p>
      {contactServiceOffered ? (
        <Button onClick={() => void navigate({ to: "/contact-service" })}>{t`Contact Service`}</Button>
      ) : (
        <Button onClick={goBack}>{t`Try Again`}</Button>
      )}
    </section>
  );
}

/** The API asked to wait: when to try again (whole minutes, rounded up), and Contact Service meanwhile. */
function SearchesPaused({ minutes }: { minutes: number }) {
  const { t } = useLingui();
  const goBack = useGoBack();
  const navigate = useNavigate();
  return (
    <section className="screen">
      <ScreenHeading title={t`Too many searches`} />
      <p role="status">
        <Plural
          value={minutes}
          one="To protect our customers' plans, searching is paused for a moment. Please try again in # minute."
          other="To protect our customers' plans, searching is paused for a moment. Please try again in # minutes."
        />
      </p>
      <div className="actions">
        <Button onClick={goBack}>{t`Back to search`}</Button>
        <Button variant="secondary" onClick={() => void navigate({ to: "/contact-service" })}>
          {t`Contact Service`}
        </Button>
      </div>
      <SearchCheckStatus />
    </section>
  );
}

/**
 * The check of this browser gave up (its solver failed, or the API refused its proofs): nothing
 * says the plan is missing, so Try Again runs the same search, and select-plan's route waits for it.
 */
function CheckFailed({ retrying }: { retrying: boolean }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const planSearch = usePlanSearch();
  return (
    <section className="screen">
      <ScreenHeading title={t`We could not finish your search`} />
      <p role="status">
        <Trans>
          To protect our customers' plans, your browser checks each search first, and this check did not finish. Please
          try again.
        </Trans>
      </p>
      <div className="actions">
        <Button
          loading={retrying}
          onClick={() => {
            planSearch.send({ type: "search.retry" });
            void navigate({ to: "/find-claim/select-plan", search: true });
          }}
        >
          {t`Try Again`}
        </Button>
        <Button variant="secondary" onClick={() => void navigate({ to: "/contact-service" })}>
          {t`Contact Service`}
        </Button>
      </div>
      <SearchCheckStatus />
    </section>
  );
}
