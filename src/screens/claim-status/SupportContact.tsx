/**
 * How to reach support from the claim-status page: the support address of src/config.ts, in the
 * words of the invalid-link screen (SPEC.md section 2), and the claim number to quote when known.
 */
import { Trans } from "@lingui/react/macro";
import { config } from "../../config.ts";

export function SupportContact({ claimNumber }: { claimNumber?: string }) {
  const email = config.supportEmail;
  // The claim number as the subject: the message reaches the team with the claim it is about.
  const href = `mailto:${email}${claimNumber ? `?subject=${encodeURIComponent(claimNumber)}` : ""}`;
  return (
    <section className="claim-status-part">
      <h2>
        <Trans>Need help?</Trans>
      </h2>
      <p>
        <Trans>
          If you need help with your claim, write to <a href={href}>{email}</a>.
        </Trans>
      </p>
      {claimNumber && (
        <p>
          <Trans>Please include your claim number, {claimNumber}.</Trans>
        </p>
      )}
    </section>
  );
}
