/**
 * What every email template takes and gives (server/mail/templates.ts): the Lingui instance of the
 * message's language, its data, and the links only the sending server can build; a subject and one
 * React Email element, rendered as HTML and as plain text.
 */
import type { I18n } from "@lingui/core";
import type { ReactElement } from "react";

export type { MessageDescriptor } from "@lingui/core";
import type { Locale } from "../../contract/locales.ts";

/** Links built when the message is sent, from PUBLIC_URL and the server's secrets. */
export interface MailLinks {
  /** The signed, absolute link to a claim's status page. */
  claimStatus(claimId: number): string;
}

/** A template's input. */
export interface TemplateInput<Data> {
  i18n: I18n;
  locale: Locale;
  data: Data;
  links: MailLinks;
}

/** A template's output, before rendering. */
export interface MailParts {
  subject: string;
  element: ReactElement;
}
