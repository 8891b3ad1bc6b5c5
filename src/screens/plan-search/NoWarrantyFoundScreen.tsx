/**
 * No warranty found (SPEC.md section 2): Try Again (back one page) below 3 failed searches,
 * Contact Service at 3 or more.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { hasReachedSearchLimit } from "../../../machines/plan-search.machine.ts";
import { Button } from "../../ui/Button.tsx";
import { PlanSearchActor } from "./plan-search-actor.tsx";

export function NoWarrantyFoundScreen() {
  const { t } = useLingui();
  const router = useRouter();
  const navigate = useNavigate();
  const atLimit = PlanSearchActor.useSelector((snapshot) => hasReachedSearchLimit(snapshot.context.failedSearches));
  return (
    <section className="screen">
      <h1>
        <Trans>We could not locate your warranty</Trans>
      </h1>
      <p>
        <Trans>Check the details on your retailer invoice or receipt and try again.</Trans>
      </p>
      {atLimit ? (
        <Button onClick={() => void navigate({ to: "/contact-service" })}>{t`Contact Service`}</Button>
      ) : (
        <Button onClick={() => router.history.back()}>{t`Try Again`}</Button>
      )}
    </section>
  );
}
