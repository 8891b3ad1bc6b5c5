/**
 * An emailed link to finish a claim that cannot be opened (server/routes/finish-later.ts sends the
 * browser here): past its 7 days, altered or copied incompletely, or its claim already submitted.
 * It grants nothing; the draft is kept, and the plan search opens it again.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { ScreenHeading } from "../../ui/ScreenHeading.tsx";
import { SEARCH_START } from "../../ui/BackButton.tsx";

/** Why a finish-later link did not open. */
export type RefusedLinkReason = "expired" | "invalid" | "closed";

const WORDS: Record<RefusedLinkReason, { title: MessageDescriptor; body: MessageDescriptor }> = {
  expired: {
    title: msg`This link has expired`,
    body: msg`Links to finish a claim work for 7 days. Your draft claim is kept: find your plan to continue it.`,
  },
  invalid: {
    title: msg`This link cannot be opened`,
    body: msg`It may have been copied incompletely. Your draft claim is kept: find your plan to continue it.`,
  },
  closed: {
    title: msg`This claim was already submitted`,
    body: msg`Links to finish a claim open only its draft. Find your plan to follow your claim.`,
  },
};

export function RefusedLink({ reason }: { reason: RefusedLinkReason }) {
  const { t, i18n } = useLingui();
  return (
    <section className="screen">
      <ScreenHeading title={i18n._(WORDS[reason].title)} />
      <p>{i18n._(WORDS[reason].body)}</p>
      <Link to={SEARCH_START} className="button button-primary">
        {t`Find your plan`}
      </Link>
    </section>
  );
}
