/** The invalid link screen (SPEC.md section 2): 'This link is not valid.', the support address, Back to Home. */
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { config } from "../../config.ts";
import { Button } from "../../ui/Button.tsx";
import { ScreenHeading } from "../../ui/ScreenHeading.tsx";

export function InvalidLink() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const email = config.supportEmail;
  return (
    <section className="screen">
      <ScreenHeading title={t`This link is not valid.`} />
      <p>
        <Trans>
          If you need help with your claim, write to <a href={`mailto:${email}`}>{email}</a>.
        </Trans>
      </p>
      <Button onClick={() => void navigate({ to: "/" })}>{t`Back to Home`}</Button>
    </section>
  );
}
