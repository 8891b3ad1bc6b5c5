/**
 * Where a consumer lands after 3 failed searches. The contact-service request wizard (SPEC.md
 * section 2) is not built yet; until it is, this screen gives the support address so nobody is left
 * at a dead end.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { config } from "../../config.ts";
import { Button } from "../../ui/Button.tsx";

export function ContactServiceScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const email = config.supportEmail;
  return (
    <section className="screen">
      <h1>
        <Trans>Contact Service</Trans>
      </h1>
      <p>
        <Trans>
          Our team can find your plan with your invoice. Write to <a href={`mailto:${email}`}>{email}</a> with a copy of your invoice or sales receipt.
        </Trans>
      </p>
      <Button variant="secondary" onClick={() => void navigate({ to: "/" })}>
        {t`Back to Home`}
      </Button>
    </section>
  );
}
