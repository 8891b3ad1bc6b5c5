/**
 * Every email reads whole in both languages (SPEC.md section 9): each message of the emails'
 * Spanish catalog is translated, and each template renders its subject, HTML and plain text in
 * English and in Spanish, with its link. The finish-later email is checked here; the others also
 * arrive through the API in test/server/mail.test.ts.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderMail, type MailMessage } from "../../server/mail/templates.ts";

const links = {
  claimStatus: (claimId: number) => `https://claims.portal.test/claim-status?code=CL-${claimId}&expires=1&sig=s`,
};

const MESSAGES: Omit<MailMessage, "to" | "language">[] = [
  {
    template: "claimSubmitted",
    data: {
      claimId: 7,
      claimNumber: "CL-7",
      planNumber: "W-1",
      programName: "Gold",
      items: ["Sofa", "Chair"],
      documents: 2,
    },
  },
  { template: "statusChanged", data: { claimId: 7, claimNumber: "CL-7", step: "closed" } },
  { template: "contactRequest", data: { ticket: "CS-000007" } },
  {
    template: "finishLater",
    data: {
      link: "https://claims.portal.test/find-claim/1?step=3&sig=s",
      claimNumber: "CL-7",
      step: 3,
      expiresAt: "2026-12-03T10:00:00Z",
    },
  },
];

describe("email templates", () => {
  it("have every message of the Spanish catalog translated", async () => {
    const po = await readFile(join(import.meta.dirname, "../../locales/es/mail.po"), "utf8");
    const entries = [...po.matchAll(/msgid "(mail\.[^"]+)"\nmsgstr "(.*)"/g)];
    expect(entries.length).toBeGreaterThan(20);
    expect(entries.filter(([, , translation]) => translation === "").map(([, id]) => id)).toEqual([]);
  });

  it("render each email in English and Spanish, as HTML and plain text", async () => {
    for (const message of MESSAGES) {
      const [en, es] = await Promise.all(
        (["en", "es"] as const).map((language) => renderMail({ ...message, language } as MailMessage, links)),
      );
      expect(en!.html).toContain('lang="en"');
      expect(es!.html).toContain('lang="es"');
      expect(es!.subject).not.toBe(en!.subject);
      expect(es!.text).not.toBe(en!.text);
      for (const mail of [en!, es!]) expect(mail.text.trim().length).toBeGreaterThan(50);
    }
    const [finishEn, finishEs] = await Promise.all(
      (["en", "es"] as const).map((language) => renderMail({ ...MESSAGES[3]!, language } as MailMessage, links)),
    );
    expect(finishEn!.text).toContain("You saved your claim CL-7 at step 3.");
    expect(finishEn!.text).toContain("The link works until December 3, 2026.");
    expect(finishEs!.text).toContain("Guardó su reclamo CL-7 en el paso 3.");
    expect(finishEs!.text).toContain("3 de diciembre de 2026");
    // The link opens the portal in the email's language (`lng`, beside the signature).
    expect(finishEs!.html).toContain('href="https://claims.portal.test/find-claim/1?step=3&amp;sig=s&amp;lng=es"');
    expect(finishEn!.text).toContain("https://claims.portal.test/find-claim/1?step=3&sig=s&lng=en");
  });
});
