/**
 * Warranty number search (SPEC.md section 2): one required field, Submit, and 'Try Personal
 * Information'. The form is prefilled from the saved search. Submit starts the search on the app's
 * planSearch actor and goes to select-plan, whose route waits for the outcome.
 */
import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { useSelector } from "@xstate/react";
import { BackButton, SEARCH_START } from "../../ui/BackButton.tsx";
import { Button } from "../../ui/Button.tsx";
import { useAppForm } from "../../ui/app-form.tsx";
import { Form } from "../../ui/Form.tsx";
import { isChecking, usePlanSearch } from "../shared/plan-search-actor.ts";
import { SearchCheckStatus } from "./SearchCheckStatus.tsx";
import { warrantyNumberSchema } from "./warranty-number-schema.ts";
import { ScreenHeading } from "../../ui/ScreenHeading.tsx";

export function WarrantyNumberScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const planSearch = usePlanSearch();
  // Busy from Submit until the outcome, 'Checking…' (the API's proof-of-work) included.
  const searching = useSelector(planSearch, (snapshot) => snapshot.matches("searching") || isChecking(snapshot));
  const savedNumber = useSelector(planSearch, (snapshot) =>
    snapshot.context.query?.by === "warrantyNumber" ? snapshot.context.query.number : "",
  );

  const form = useAppForm({
    defaultValues: { number: savedNumber },
    validators: { onChange: warrantyNumberSchema, onSubmit: warrantyNumberSchema },
    // select-plan's beforeLoad waits for the outcome and sends a search that found nothing on to
    // no-warranty-found; the query string is kept (SPEC.md section 2, "Search outcome").
    onSubmit: ({ value }) => {
      planSearch.send({ type: "search.submit", query: { by: "warrantyNumber", number: value.number.trim() } });
      void navigate({ to: "/find-claim/select-plan", search: true });
    },
  });

  return (
    <section className="screen">
      <BackButton onBack={() => void navigate({ to: SEARCH_START })} />
      <ScreenHeading title={t`Find your warranty`} pageTitle={t`Find your warranty: warranty number`} />
      <Form onSubmit={() => void form.handleSubmit()}>
        <form.AppField name="number">
          {(field) => (
            <field.TextField label={t`Warranty number`} required placeholder="W-E34-WS4566" autoComplete="off" />
          )}
        </form.AppField>
        <div className="actions">
          <Button type="submit" loading={searching}>
            {t`Submit`}
          </Button>
          <Button variant="secondary" onClick={() => void navigate({ to: "/find-claim/search-by-personal-info" })}>
            {t`Try Personal Information`}
          </Button>
        </div>
        <SearchCheckStatus />
      </Form>
    </section>
  );
}
