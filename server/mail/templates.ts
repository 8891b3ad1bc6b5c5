/**
 * The emails the API sends, by template name, and rendering one: subject, HTML and plain text from
 * one React Email element (`render`, `render(..., { plainText: true })`) in the message's language.
 */
import { render } from "@react-email/components";
import type { Locale } from "../../contract/locales.ts";
import { claimSubmittedMail, type ClaimSubmittedData } from "./claim-submitted-mail.tsx";
import { contactRequestMail, type ContactRequestData } from "./contact-request-mail.tsx";
import { finishLaterMail, type FinishLaterData } from "./finish-later-mail.tsx";
import { mailI18n } from "./mail-i18n.ts";
import type { MailLinks, MailParts, TemplateInput } from "./mail-parts.ts";
import { statusChangedMail, type StatusChangedData } from "./status-changed-mail.tsx";

export type { MailLinks };

/** Each template's data. */
interface MailTemplates {
  claimSubmitted: ClaimSubmittedData;
  statusChanged: StatusChangedData;
  contactRequest: ContactRequestData;
  finishLater: FinishLaterData;
}
type MailTemplateName = keyof MailTemplates;

const TEMPLATES: { [K in MailTemplateName]: (input: TemplateInput<MailTemplates[K]>) => MailParts } = {
  claimSubmitted: claimSubmittedMail,
  statusChanged: statusChangedMail,
  contactRequest: contactRequestMail,
  finishLater: finishLaterMail,
};

/**
 * One email to send: to whom, in which language, by which template with what data (stored as
 * JSON in the queue, so keep data plain).
 */
export type MailMessage = {
  [K in MailTemplateName]: {
    to: string;
    language: Locale;
    template: K;
    data: MailTemplates[K];
    /** The claim it tells of: a staff move's email takes the language of the claim's submit email. */
    claimId?: number;
  };
}[MailTemplateName];

/** A rendered email. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/**
 * Renders a message.
 * @throws when the template is unknown (a row written by a newer version) or a catalog cannot be read
 */
export async function renderMail(
  message: Pick<MailMessage, "template" | "language" | "data">,
  links: MailLinks,
): Promise<RenderedMail> {
  const template = TEMPLATES[message.template] as ((input: TemplateInput<unknown>) => MailParts) | undefined;
  if (!template) throw new Error(`Unknown email template ${message.template}`);
  const parts = template({
    i18n: await mailI18n(message.language),
    locale: message.language,
    data: message.data,
    links,
  });
  const [html, text] = await Promise.all([render(parts.element), render(parts.element, { plainText: true })]);
  return { subject: parts.subject, html, text };
}
