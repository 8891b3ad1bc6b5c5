/**
 * The email sent when a claim is submitted (SPEC.md section 4, confirmation): its claim number, a
 * summary of what was filed, what happens next (SPEC.md: review takes 3 to 5 business days) and the
 * signed link to its status page.
 */
import { Section, Text } from "@react-email/components";
import { MailLayout, Paragraph } from "./mail-layout.tsx";
import type { MailParts, TemplateInput } from "./mail-parts.ts";

/** What the message tells: read in the submit's transaction (server/mail/claim-mail.ts). */
export interface ClaimSubmittedData {
  claimId: number;
  /** CL- and the claim id. */
  claimNumber: string;
  planNumber: string;
  programName: string | null;
  /** The claimed items by their plan item's description. */
  items: string[];
  /** How many documents were sent with the claim. */
  documents: number;
  /** False for an address typed without proof: the message then carries no status link. */
  withStatusLink?: boolean;
}

const subject = /*i18n*/ { id: "mail.claimSubmitted.subject", message: "We received your claim {claimNumber}" };
const heading = /*i18n*/ { id: "mail.claimSubmitted.heading", message: "Thank you for submitting your claim" };
const intro = /*i18n*/ {
  id: "mail.claimSubmitted.intro",
  message: "Your claim number is {claimNumber}. Please keep it for any question about your claim.",
};
const summaryTitle = /*i18n*/ { id: "mail.claimSubmitted.summary", message: "Summary" };
const planLine = /*i18n*/ { id: "mail.claimSubmitted.plan", message: "Plan number: {planNumber}" };
const programLine = /*i18n*/ { id: "mail.claimSubmitted.program", message: "Program: {programName}" };
const itemsLine = /*i18n*/ { id: "mail.claimSubmitted.items", message: "Items claimed: {items}" };
const documentsLine = /*i18n*/ {
  id: "mail.claimSubmitted.documents",
  message: "{documents, plural, one {# document sent} other {# documents sent}}",
};
const next = /*i18n*/ {
  id: "mail.claimSubmitted.next",
  message: "What happens next: we review your claim within 3 to 5 business days and email you when its status changes.",
};
const action = /*i18n*/ { id: "mail.viewClaimStatus", message: "View Claim Status" };

/** The claim-submitted email in the message's language. */
export function claimSubmittedMail({ i18n, locale, data, links }: TemplateInput<ClaimSubmittedData>): MailParts {
  const { claimNumber } = data;
  const lines = [
    i18n._({ ...planLine, values: { planNumber: data.planNumber } }),
    ...(data.programName ? [i18n._({ ...programLine, values: { programName: data.programName } })] : []),
    i18n._({
      ...itemsLine,
      values: { items: new Intl.ListFormat(locale, { type: "conjunction" }).format(data.items) },
    }),
    i18n._({ ...documentsLine, values: { documents: data.documents } }),
  ];
  return {
    subject: i18n._({ ...subject, values: { claimNumber } }),
    element: (
      <MailLayout
        i18n={i18n}
        locale={locale}
        preview={i18n._({ ...intro, values: { claimNumber } })}
        heading={i18n._(heading)}
        action={data.withStatusLink === false ? null : { label: i18n._(action), href: links.claimStatus(data.claimId) }}
      >
        <Paragraph>{i18n._({ ...intro, values: { claimNumber } })}</Paragraph>
        <Section>
          <Text style={{ fontSize: "16px", fontWeight: "bold", margin: "8px 0" }}>{i18n._(summaryTitle)}</Text>
          {lines.map((line) => (
            <Text key={line} style={{ fontSize: "15px", margin: "4px 0" }}>
              {line}
            </Text>
          ))}
        </Section>
        <Paragraph>{i18n._(next)}</Paragraph>
      </MailLayout>
    ),
  };
}
