/**
 * No warranty found (SPEC.md section 2): Try Again (back one page), or Contact Service when the
 * planSearch machine says so (its `notFound.contactServiceOffered`, at 3 or more failed searches).
 * When the API paused searching (planSearch `rateLimited`, HTTP 429, issue 9) it says so instead,
 * and for how many minutes, rather than claiming the plan does not exist.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { useSelector } from "@xstate/react";
import { Button } from "../../ui/Button.tsx";
import { usePlanSearch } from "./plan-search-actor.ts";

export function NoWarrantyFoundScreen() {
  const { t } = useLingui();
  const router = useRouter();
  const navigate = useNavigate();
  const planSearch = usePlanSearch();
  const contactServiceOffered = useSelector(planSearch, (snapshot) => snapshot.matches({ notFound: "contactServiceOffered" }));
  const waitSeconds = useSelector(planSearch, (snapshot) => (snapshot.matches("rateLimited") ? snapshot.context.retryAfterSeconds : null));
  if (waitSeconds !== null) return <SearchesPaused minutes={Math.max(1, Math.ceil(waitSeconds / 60))} />;
  return (
    <section className="screen">
      <h1>
        <Trans>We could not locate your warranty</Trans>
      </h1>
      <p>
        <Trans>Check the details on your retailer invoice or receipt and try again.</Trans>
      </p>
      {contactServiceOffered ? (
        <Button onClick={() => void navigate({ to: "/contact-service" })}>{t`Contact Service`}</Button>
      ) : (
        <Button onClick={() => router.history.back()}>{t`Try Again`}</Button>
      )}
    </section>
  );
}

/** The API asked to wait: when to try again (whole minutes, rounded up), and Contact Service meanwhile. */
function SearchesPaused({ minutes }: { minutes: number }) {
  const { t } = useLingui();
  const router = useRouter();
  const navigate = useNavigate();
  return (
    <section className="screen">
      <h1>
        <Trans>Too many searches</Trans>
      </h1>
      <p role="status">
        <Plural
          value={minutes}
          one="To protect our customers' plans, searching is paused for a moment. Please try again in # minute."
          other="To protect our customers' plans, searching is paused for a moment. Please try again in # minutes."
        />
      </p>
      <div className="actions">
        <Button onClick={() => router.history.back()}>{t`Back to search`}</Button>
        <Button variant="secondary" onClick={() => void navigate({ to: "/contact-service" })}>
          {t`Contact Service`}
        </Button>
      </div>
    </section>
  );
}
