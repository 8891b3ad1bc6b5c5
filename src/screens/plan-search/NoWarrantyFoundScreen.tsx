/**
 * No warranty found (SPEC.md section 2): Try Again (back one page), or Contact Service when the
 * planSearch machine says so (its `notFound.contactServiceOffered`, at 3 or more failed searches).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { useSelector } from "@xstate/react";
import { Button } from "../../ui/Button.tsx";
import { usePlanSearch } from "./plan-search-actor.ts";

export function NoWarrantyFoundScreen() {
  const { t } = useLingui();
  const router = useRouter();
  const navigate = useNavigate();
  const contactServiceOffered = useSelector(usePlanSearch(), (snapshot) => snapshot.matches({ notFound: "contactServiceOffered" }));
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
