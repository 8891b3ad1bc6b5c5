/**
 * The claim submitted screen (SPEC.md section 2): thanks, CL-{claimId}, what happens next, Back to
 * Home. The ACE confirmation step words its thanks as a sentence ('...your claim.'). View Claim
 * Status opens the claim's status page (config.claimStatusUrl) with the claim number, signed by the
 * API so the link works in any browser.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { fetchClaimStatusQuery } from "../../api/claim-status.ts";
import { config } from "../../config.ts";
import { Button } from "../../ui/Button.tsx";
import { useFocusOnChange } from "../../ui/use-focus-on-change.ts";
import { usePageTitle } from "../../ui/ScreenHeading.tsx";

export function ClaimSubmitted({
  claimId,
  onHome,
  family = "fpp",
}: {
  claimId: number;
  onHome: () => void;
  family?: "fpp" | "ace";
}) {
  const { t } = useLingui();
  const claimNumber = `CL-${claimId}`;
  const heading = useFocusOnChange<HTMLHeadingElement>(claimId);
  // Signed, the link opens the status in any browser (sent to a phone, opened later); until the
  // API answers, or if it cannot, it opens it in this one.
  const [statusQuery, setStatusQuery] = useState(() => new URLSearchParams({ code: claimNumber }).toString());
  useEffect(() => {
    let current = true;
    fetchClaimStatusQuery(claimId).then(
      (query) => current && setStatusQuery(query),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [claimId]);
  usePageTitle(t`Thank you for submitting your claim`, { screen: claimId });
  return (
    <section className="screen confirmation">
      <h1 tabIndex={-1} ref={heading}>
        {family === "ace" ? (
          <Trans>Thank you for submitting your claim.</Trans>
        ) : (
          <Trans>Thank you for submitting your claim</Trans>
        )}
      </h1>
      <p className="claim-number">
        <Trans>Claim number</Trans>: <strong>{claimNumber}</strong>
      </p>
      <p>
        <Trans>
          You will receive a notification with a status update within the next 2–3 business days. In the meantime,
          please keep an eye on your email for the latest updates.
        </Trans>
      </p>
      <div className="actions">
        <a className="button button-primary" href={`${config.claimStatusUrl}?${statusQuery}`}>
          {t`View Claim Status`}
        </a>
        <Button variant="secondary" onClick={onHome}>
          {t`Back to Home`}
        </Button>
      </div>
    </section>
  );
}
