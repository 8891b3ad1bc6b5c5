/**
 * The welcome screen (SPEC.md section 1 and 2 "Welcome screen"): banner, the four steps, Start, and
 * the FAQ accordion with every item expanded at first.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { Button } from "../../ui/Button.tsx";
import { Faq } from "./Faq.tsx";

export function WelcomeScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  return (
    <section className="screen welcome">
      <div className="banner" role="img" aria-label={t`A living room with a sofa and an armchair`} />
      <h1>
        <Trans>File a damage claim on your protection plan</Trans>
      </h1>
      <ol className="journey">
        <li>{t`Find Warranty`}</li>
        <li>{t`Select Product`}</li>
        <li>{t`Provide claim information`}</li>
        <li>{t`Submit`}</li>
      </ol>
      <Button onClick={() => void navigate({ to: "/find-claim/select-search-method" })}>{t`Start`}</Button>
      <Faq />
    </section>
  );
}
