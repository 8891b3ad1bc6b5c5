/** The claim-not-found view (SPEC.md section 8): a claim that cannot be loaded or does not exist. */
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { Button } from "../../ui/Button.tsx";

export function ClaimNotFound() {
  const { t } = useLingui();
  const navigate = useNavigate();
  return (
    <section className="screen">
      <h1>
        <Trans>Claim not found</Trans>
      </h1>
      <p>
        <Trans>We could not find this claim. Check the link, or find your warranty to start again.</Trans>
      </p>
      <div className="actions">
        <Button onClick={() => void navigate({ to: "/find-claim/select-search-method" })}>{t`Find your warranty`}</Button>
        <Button variant="secondary" onClick={() => void navigate({ to: "/" })}>
          {t`Go Home`}
        </Button>
      </div>
    </section>
  );
}
