/**
 * 'We need to find your warranty' (SPEC.md section 2, "Select search method"): choose warranty
 * number, personal information or the invoice or receipt; Search is disabled until one
 * is chosen and resets the try counter.
 */
import { useLingui } from "@lingui/react/macro";
import { useHydrated, useNavigate, useRouteContext } from "@tanstack/react-router";
import { useLayoutEffect, useRef, useState } from "react";
import { BackLink } from "../../ui/BackButton.tsx";
import { Button } from "../../ui/Button.tsx";
import { ScreenHeading } from "../../ui/ScreenHeading.tsx";
import { ScriptsLate } from "../../ui/ScriptsLate.tsx";

type Method = "warrantyNumber" | "personalInfo" | "invoice";

const METHOD_ROUTES = {
  warrantyNumber: "/find-claim/warranty-number",
  personalInfo: "/find-claim/search-by-personal-info",
  invoice: "/find-claim/upload-invoice",
} as const satisfies Record<Method, string>;

export function SelectSearchMethodScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  // The app's planSearch actor is made when the consumer confirms a method, not with the first page.
  const planSearch = useRouteContext({ from: "__root__", select: (context) => context.planSearch });
  const [method, setMethod] = useState<Method | null>(null);
  const hydrated = useHydrated();
  // The page may arrive rendered by the build (contract/rendered-routes.ts), its radios working
  // before the app hydrates them: a choice made meanwhile is the browser's own, which hydration
  // keeps on screen and React's state does not know. The state takes it up, so Search is enabled.
  const form = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const chosen = form.current?.querySelector<HTMLInputElement>('input[name="method"]:checked');
    if (chosen) setMethod(chosen.value as Method);
  }, []);

  return (
    <section className="screen">
      <BackLink to="/" />
      <form
        ref={form}
        onSubmit={(event) => {
          event.preventDefault();
          if (!method) return;
          planSearch().send({ type: "method.confirmed" });
          void navigate({ to: METHOD_ROUTES[method] });
        }}
      >
        <fieldset className="radio-group">
          <legend>
            <ScreenHeading title={t`We need to find your warranty`} />
          </legend>
          <label className="radio-option">
            <input
              type="radio"
              name="method"
              value="warrantyNumber"
              checked={method === "warrantyNumber"}
              onChange={() => setMethod("warrantyNumber")}
            />
            {t`I have my warranty number`}
          </label>
          <label className="radio-option">
            <input
              type="radio"
              name="method"
              value="personalInfo"
              checked={method === "personalInfo"}
              onChange={() => setMethod("personalInfo")}
            />
            {t`Lookup based on personal information`}
          </label>
          <label className="radio-option">
            <input
              type="radio"
              name="method"
              value="invoice"
              checked={method === "invoice"}
              onChange={() => setMethod("invoice")}
            />
            {t`Use my invoice or receipt`}
          </label>
        </fieldset>
        <Button type="submit" disabled={!method}>
          {t`Search`}
        </Button>
      </form>
      {!hydrated && <ScriptsLate />}
    </section>
  );
}
