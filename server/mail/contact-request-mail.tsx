/**
 * The email sent when a contact-service request is submitted (SPEC.md section 2, "Contact service
 * wizard"): the thank-you page's words by email, its Request Number (the ticket) and what happens next.
 */
import { Text } from "@react-email/components";
import { MailLayout, Paragraph } from "./mail-layout.tsx";
import type { MailParts, TemplateInput } from "./mail-parts.ts";

/** What the message tells. */
export interface ContactRequestData {
  /** The Request Number, e.g. CS-000012. */
  ticket: string;
}

const subject = /*i18n*/ { id: "mail.contactRequest.subject", message: "Your request {ticket} was received" };
const heading = /*i18n*/ { id: "mail.contactRequest.heading", message: "Thank you for submitting your request" };
const numberLabel = /*i18n*/ { id: "mail.contactRequest.number", message: "Request Number" };
const soon = /*i18n*/ { id: "mail.contactRequest.soon", message: "We'll reach out soon" };
const next = /*i18n*/ {
  id: "mail.contactRequest.next",
  message:
    "Our team reviews your purchase details and documents, then contacts you by email or phone. Please quote your Request Number if you contact us.",
};

/** The contact-request email in the message's language; it has no link to follow. */
export function contactRequestMail({ i18n, locale, data }: TemplateInput<ContactRequestData>): MailParts {
  return {
    subject: i18n._({ ...subject, values: { ticket: data.ticket } }),
    element: (
      <MailLayout
        i18n={i18n}
        locale={locale}
        preview={`${i18n._(numberLabel)}: ${data.ticket}`}
        heading={i18n._(heading)}
        action={null}
      >
        <Text style={{ fontSize: "15px", margin: "4px 0" }}>{i18n._(numberLabel)}</Text>
        <Text style={{ fontSize: "22px", fontWeight: "bold", margin: "4px 0 16px" }}>{data.ticket}</Text>
        <Paragraph>{i18n._(soon)}</Paragraph>
        <Paragraph>{i18n._(next)}</Paragraph>
      </MailLayout>
    ),
  };
}
