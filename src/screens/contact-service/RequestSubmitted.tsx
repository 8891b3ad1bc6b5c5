/**
 * Contact service step 5 (SPEC.md section 2): 'Thank you for submitting your request', the Request
 * Number, 'We'll reach out soon', Back to Home.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../ui/Button.tsx";
import { useFocusOnChange } from "../../ui/use-focus-on-change.ts";
import { usePageTitle } from "../../ui/ScreenHeading.tsx";

export function RequestSubmitted({ ticket, onHome }: { ticket: string; onHome: () => void }) {
  const { t } = useLingui();
  const heading = useFocusOnChange<HTMLHeadingElement>(ticket);
  usePageTitle(t`Thank you for submitting your request`, { screen: ticket });
  return (
    <section className="screen confirmation">
      <h1 tabIndex={-1} ref={heading}>
        <Trans>Thank you for submitting your request</Trans>
      </h1>
      <p className="claim-number">
        <Trans>Request Number</Trans>: <strong>{ticket}</strong>
      </p>
      <p>
        <Trans>We'll reach out soon</Trans>
      </p>
      <Button onClick={onHome}>{t`Back to Home`}</Button>
    </section>
  );
}
