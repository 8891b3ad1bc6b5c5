/**
 * The frame every email shares (React Email components): the portal's name, a heading, the
 * message's own content, one call-to-action button with its link also written out (a client that
 * strips buttons still shows where it goes), and why the consumer got it. Inline styles only: mail
 * clients ignore style sheets.
 */
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import type { ReactNode } from "react";
import type { I18n } from "@lingui/core";
import { linkInLanguage, type Locale } from "../../contract/locales.ts";

const portalName = /*i18n*/ { id: "mail.portalName", message: "Claims Portal" };
const orOpen = /*i18n*/ { id: "mail.orOpen", message: "Or open this link:" };
const whyFooter = /*i18n*/ {
  id: "mail.footer",
  message: "You received this email because of a request made in the Claims Portal. Please do not reply to it.",
};

/** What a template gives the frame. */
export interface MailFrame {
  i18n: I18n;
  locale: Locale;
  /** The line a mail client shows beside the subject. */
  preview: string;
  heading: string;
  /** The call to action: its words and its absolute link into the portal. */
  action: { label: string; href: string } | null;
  children: ReactNode;
}

/**
 * The shared frame of every email. Its link names the email's language (`?lng=`, unsigned beside a
 * link's signature), so the portal opens in it whatever the reader's browser speaks, and keeps it.
 */
export function MailLayout({ i18n, locale, preview, heading, action, children }: MailFrame) {
  const link = action && { label: action.label, href: linkInLanguage(action.href, locale) };
  return (
    <Html lang={locale}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: "#f4f5f7", fontFamily: "Arial, Helvetica, sans-serif", color: "#1f2933" }}>
        <Container style={{ backgroundColor: "#ffffff", padding: "24px", maxWidth: "560px" }}>
          <Text style={{ fontSize: "14px", color: "#52606d", margin: 0 }}>{i18n._(portalName)}</Text>
          <Heading as="h1" style={{ fontSize: "22px", margin: "12px 0" }}>
            {heading}
          </Heading>
          {children}
          {link && (
            <Section style={{ margin: "24px 0" }}>
              <Button
                href={link.href}
                style={{ backgroundColor: "#0b5cad", color: "#ffffff", padding: "12px 20px", borderRadius: "4px" }}
              >
                {link.label}
              </Button>
              <Text style={{ fontSize: "13px", color: "#52606d" }}>
                {i18n._(orOpen)} <Link href={link.href}>{link.href}</Link>
              </Text>
            </Section>
          )}
          <Hr />
          <Text style={{ fontSize: "12px", color: "#7b8794" }}>{i18n._(whyFooter)}</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of body text. */
export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={{ fontSize: "15px", lineHeight: "22px" }}>{children}</Text>;
}
