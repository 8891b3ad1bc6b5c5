/**
 * The email of 'Email me a link to finish later' (contract/finish-later.ts): the signed link that
 * reopens a draft claim at the wizard step it was left at, on any device. The finish-later route
 * builds and signs the link; this only words it.
 */
import { MailLayout, Paragraph } from "./mail-layout.tsx";
import type { MailParts, TemplateInput } from "./mail-parts.ts";

/** What the message tells. */
export interface FinishLaterData {
  /** The absolute, signed link (from PUBLIC_URL) that reopens the claim. */
  link: string;
  /** `CL-` and the claim id. */
  claimNumber: string;
  /** The wizard step the claim reopens at (2 to 5). */
  step: number;
  /** When the link stops opening (ISO 8601); told as a day in the consumer's language. */
  expiresAt: string;
}

const subject = /*i18n*/ { id: "mail.finishLater.subject", message: "Finish your claim" };
const heading = /*i18n*/ { id: "mail.finishLater.heading", message: "Finish your claim where you left off" };
const body = /*i18n*/ {
  id: "mail.finishLater.body",
  message:
    "You saved your claim {claimNumber} at step {step}. Open the link on any device to continue with what you typed and uploaded.",
};
const valid = /*i18n*/ {
  id: "mail.finishLater.valid",
  message: "The link works until {day}. If you did not ask for it, you can ignore this email.",
};
const action = /*i18n*/ { id: "mail.finishLater.action", message: "Continue my claim" };

/** The finish-later email in the message's language. */
export function finishLaterMail({ i18n, locale, data }: TemplateInput<FinishLaterData>): MailParts {
  const text = i18n._({ ...body, values: { claimNumber: data.claimNumber, step: data.step } });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(data.expiresAt));
  return {
    subject: i18n._(subject),
    element: (
      <MailLayout
        i18n={i18n}
        locale={locale}
        preview={text}
        heading={i18n._(heading)}
        action={{ label: i18n._(action), href: data.link }}
      >
        <Paragraph>{text}</Paragraph>
        <Paragraph>{i18n._({ ...valid, values: { day } })}</Paragraph>
      </MailLayout>
    ),
  };
}
