/**
 * Guessing is slowed, nobody is locked out (SECURITY.md), in Chromium, in English and Spanish: on
 * a server that asks for a proof-of-work after two failed searches (SEARCH_CHALLENGE_AFTER=2/600,
 * tiny work), two unknown numbers, then the right one. The API answers 428 with a challenge; the
 * portal says 'Checking…' as a status, solves it in workers and sends the same search with its
 * proof (X-Altcha), and the plan shows, with no click in between.
 */
import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHALLENGE_STATUS } from "../../contract/challenge.ts";
import { accessibilityViolations, openPortal, type Portal } from "./harness.ts";

const JANE = "W-E34-WS4566";
const WORDS = {
  en: {
    number: "Warranty number",
    submit: "Submit",
    notFound: "We could not locate your warranty",
    tryAgain: "Try Again",
    checking: "Checking…",
    plans: "Select your Plan",
  },
  es: {
    number: "Número de garantía",
    submit: "Enviar",
    notFound: "No pudimos encontrar su garantía",
    tryAgain: "Intentar de nuevo",
    checking: "Verificando…",
    plans: "Seleccione su plan",
  },
} as const;

describe.each(["en", "es"] as const)(
  "in %s: the right number after two wrong ones is checked, then found",
  (language) => {
    const words = WORDS[language];
    let portal: Portal;
    beforeAll(async () => {
      // A server of its own per language: the failed searches count per address.
      portal = await openPortal({ searchChallenge: { after: [2, 600], cost: 1 } });
    });
    afterAll(async () => {
      await portal?.close();
    });

    async function submitNumber(page: Page, number: string) {
      await page.getByRole("textbox", { name: words.number }).fill(number);
      await page.getByRole("button", { name: words.submit }).click();
    }

    it("'Checking…' shows as a status while the browser works, and the plan is found without a click", async () => {
      const { page, context } = portal;
      const answers: number[] = [];
      page.on("response", (response) => {
        if (response.url().endsWith("/api/v1/search_plan")) answers.push(response.status());
      });
      // The search sent with the proof waits until 'Checking…' has been looked at: with tiny work
      // the check would otherwise be over before anyone could look.
      const checking = page.getByRole("status").filter({ hasText: words.checking });
      const proofs: Request[] = [];
      let release!: () => void;
      const looked = new Promise<void>((resolve) => (release = resolve));
      await context.route(/\/api\/v1\/search_plan$/, async (route) => {
        if (route.request().headers()["x-altcha"] === undefined) return route.fallback();
        proofs.push(route.request());
        await looked;
        await route.fallback();
      });

      await page.goto(`/find-claim/warranty-number?lng=${language}`);
      for (const wrong of ["W-X00-NOPE01", "W-X00-NOPE02"]) {
        await submitNumber(page, wrong);
        await page.getByRole("heading", { name: words.notFound }).waitFor();
        await page.getByRole("button", { name: words.tryAgain }).click();
      }
      await submitNumber(page, JANE);

      // A status line (role=status: a polite live region), not a prompt: nothing to press.
      await checking.waitFor({ state: "visible" });
      expect(await accessibilityViolations(page)).toEqual([]);
      release();
      await page.getByRole("heading", { name: words.plans }).waitFor();
      await page.getByRole("radio", { name: new RegExp(JANE) }).waitFor();
      expect(answers).toEqual([200, 200, CHALLENGE_STATUS, 200]);
      expect(proofs).toHaveLength(1);
      expect(await checking.count()).toBe(0);
    });
  },
);
