/**
 * Personal information search (SPEC.md section 2): names, optional ZIP, and an Email / Phone /
 * Invoice switch revealing one required field. Back returns to the method screen and clears the
 * saved search. Prefilled from the saved search. Submit starts the search on the app's planSearch
 * actor and goes to select-plan, whose route waits for the outcome.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { useSelector } from "@xstate/react";
import type { PlanQuery } from "../../../machines/domain.ts";
import { maskPhone } from "../../lib/phone.ts";
import { BackButton, SEARCH_START } from "../../ui/BackButton.tsx";
import { Button } from "../../ui/Button.tsx";
import { useAppForm } from "../../ui/app-form.tsx";
import { Form } from "../../ui/Form.tsx";
import { isChecking, usePlanSearch } from "../shared/plan-search-actor.ts";
import { SearchCheckStatus } from "./SearchCheckStatus.tsx";
import { personalInfoSchema, SEARCH_BY, type PersonalInfoValues, type SearchBy } from "./personal-info-schema.ts";
import { ScreenHeading } from "../../ui/ScreenHeading.tsx";

function initialValues(query: PlanQuery | null): PersonalInfoValues {
  if (!query || query.by === "warrantyNumber")
    return { firstName: "", lastName: "", zip: "", by: "email", email: "", phone: "", invoice: "" };
  return {
    firstName: query.firstName,
    lastName: query.lastName,
    zip: query.zip ?? "",
    by: query.by,
    email: query.email ?? "",
    phone: maskPhone(query.phone ?? ""),
    invoice: query.invoice ?? "",
  };
}

export function PersonalInfoScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const planSearch = usePlanSearch();
  // Busy from Submit until the outcome, 'Checking…' (the API's proof-of-work) included.
  const searching = useSelector(planSearch, (snapshot) => snapshot.matches("searching") || isChecking(snapshot));
  const saved = useSelector(planSearch, (snapshot) => snapshot.context.query);

  const form = useAppForm({
    defaultValues: initialValues(saved),
    validators: { onChange: personalInfoSchema, onSubmit: personalInfoSchema },
    // select-plan's beforeLoad waits for the outcome and sends a search that found nothing on to
    // no-warranty-found; the query string is kept (SPEC.md section 2, "Search outcome").
    onSubmit: ({ value }) => {
      planSearch.send({
        type: "search.submit",
        query: {
          by: value.by,
          firstName: value.firstName,
          lastName: value.lastName,
          zip: value.zip,
          [value.by]: value[value.by],
        },
      });
      void navigate({ to: "/find-claim/select-plan", search: true });
    },
  });

  const labels: Record<SearchBy, string> = { email: t`Email`, phone: t`Phone`, invoice: t`Invoice` };
  const text = (
    name: "firstName" | "lastName" | "zip" | "email" | "phone" | "invoice",
    label: string,
    extra: {
      required?: boolean;
      type?: string;
      inputMode?: "text" | "numeric" | "email" | "tel";
      autoComplete?: string;
      placeholder?: string;
    } = {},
  ) => (
    <form.AppField name={name}>
      {(field) => <field.TextField label={label} format={name === "phone" ? maskPhone : undefined} {...extra} />}
    </form.AppField>
  );

  return (
    <section className="screen">
      <BackButton
        onBack={() => {
          planSearch.send({ type: "query.forget" });
          void navigate({ to: SEARCH_START });
        }}
      />
      <ScreenHeading title={t`Find your warranty`} pageTitle={t`Find your warranty: personal information`} />
      <p className="hint">
        <Trans>Use the details exactly as they appear on your retailer invoice or receipt.</Trans>
      </p>
      <Form onSubmit={() => void form.handleSubmit()}>
        {text("firstName", t`First name`, { required: true, autoComplete: "given-name" })}
        {text("lastName", t`Last name`, { required: true, autoComplete: "family-name" })}
        {text("zip", t`Home ZIP code`, { inputMode: "numeric", autoComplete: "postal-code" })}
        <form.Field name="by">
          {(field) => (
            <fieldset className="segmented">
              <legend>{t`Search with`}</legend>
              {SEARCH_BY.map((by) => (
                <label key={by} className={field.state.value === by ? "selected" : ""}>
                  <input
                    type="radio"
                    name="by"
                    value={by}
                    checked={field.state.value === by}
                    onChange={() => field.handleChange(by)}
                  />
                  {labels[by]}
                </label>
              ))}
            </fieldset>
          )}
        </form.Field>
        <form.Subscribe selector={(state) => state.values.by}>
          {(by) =>
            by === "email"
              ? text("email", t`Email`, { required: true, type: "email", inputMode: "email", autoComplete: "email" })
              : by === "phone"
                ? text("phone", t`Phone`, {
                    required: true,
                    type: "tel",
                    inputMode: "tel",
                    autoComplete: "tel",
                    placeholder: "(212) 555-0134",
                  })
                : text("invoice", t`Invoice number`, { required: true, autoComplete: "off" })
          }
        </form.Subscribe>
        <div className="actions">
          <Button type="submit" loading={searching}>
            {t`Submit`}
          </Button>
          <Button variant="secondary" onClick={() => void navigate({ to: "/find-claim/warranty-number" })}>
            {t`Try Warranty Number`}
          </Button>
        </div>
        <SearchCheckStatus />
      </Form>
    </section>
  );
}
