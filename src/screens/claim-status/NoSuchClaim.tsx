/**
 * The claim-status page when it cannot show a claim: no claim by that number for this browser or
 * link (or no claim number at all), or an emailed link past its time. Either way the plan search
 * is offered: a plan found in this browser opens its claim's status again.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { Button } from "../../ui/Button.tsx";
import { usePageTitle } from "../../ui/ScreenHeading.tsx";
import { useFocusOnChange } from "../../ui/use-focus-on-change.ts";
import { SupportContact } from "./SupportContact.tsx";
import { SEARCH_START } from "../../ui/BackButton.tsx";

export function NoSuchClaim({ reason }: { reason: "notFound" | "linkExpired" }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const heading = useFocusOnChange<HTMLHeadingElement>(reason);
  usePageTitle(reason === "linkExpired" ? t`This link has expired` : t`Claim not found`, { screen: reason });
  return (
    <section className="screen claim-status">
      <h1 tabIndex={-1} ref={heading}>
        {reason === "linkExpired" ? <Trans>This link has expired</Trans> : <Trans>Claim not found</Trans>}
      </h1>
      <p>
        {reason === "linkExpired" ? (
          <Trans>
            Links to a claim's status work for a limited time. Find your warranty with its number or your details to see
            your claim again.
          </Trans>
        ) : (
          <Trans>
            We could not find a claim with this number. Check the claim number in your email, or find your warranty with
            its number or your details.
          </Trans>
        )}
      </p>
      <div className="actions">
        <Button onClick={() => void navigate({ to: SEARCH_START })}>{t`Find your warranty`}</Button>
        <Button variant="secondary" onClick={() => void navigate({ to: "/" })}>
          {t`Go Home`}
        </Button>
      </div>
      <SupportContact />
    </section>
  );
}
