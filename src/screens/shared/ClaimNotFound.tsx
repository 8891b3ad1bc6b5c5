/** The claim-not-found view (SPEC.md section 8): a claim that cannot be loaded or does not exist. */
import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { SERVER_MESSAGES } from "../../lib/messages.ts";
import { Button } from "../../ui/Button.tsx";
import { ScreenHeading } from "../../ui/ScreenHeading.tsx";
import { SEARCH_START } from "../../ui/BackButton.tsx";

/** Says the claim cannot be reached, in the words a refused claim call says (SERVER_MESSAGES). */
export function ClaimNotFound() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  return (
    <section className="screen">
      <ScreenHeading title={t`Claim not found`} />
      <p>{i18n._(SERVER_MESSAGES.claimNotFound)}</p>
      <div className="actions">
        <Button onClick={() => void navigate({ to: SEARCH_START })}>{t`Find your warranty`}</Button>
        <Button variant="secondary" onClick={() => void navigate({ to: "/" })}>
          {t`Go Home`}
        </Button>
      </div>
    </section>
  );
}
