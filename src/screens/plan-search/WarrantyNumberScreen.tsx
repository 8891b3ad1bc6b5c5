/**
 * Warranty number search (SPEC.md section 2): one required field, Submit, and 'Try Personal
 * Information'. The form is prefilled from the saved search.
 */
import { useForm } from "@tanstack/react-form";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { BackButton } from "../../ui/BackButton.tsx";
import { Button } from "../../ui/Button.tsx";
import { TextField } from "../../ui/fields.tsx";
import { PlanSearchActor } from "./plan-search-actor.tsx";
import { warrantyNumberSchema } from "./warranty-number-schema.ts";

export function WarrantyNumberScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const planSearch = PlanSearchActor.useActorRef();
  const searching = PlanSearchActor.useSelector((snapshot) => snapshot.matches("searching"));
  const savedNumber = PlanSearchActor.useSelector((snapshot) => (snapshot.context.query?.by === "warrantyNumber" ? snapshot.context.query.number : ""));

  const form = useForm({
    defaultValues: { number: savedNumber },
    validators: { onChange: warrantyNumberSchema, onSubmit: warrantyNumberSchema },
    onSubmit: ({ value }) => planSearch.send({ type: "search.submit", query: { by: "warrantyNumber", number: value.number.trim() } }),
  });

  return (
    <section className="screen">
      <BackButton onBack={() => void navigate({ to: "/find-claim/select-search-method" })} />
      <h1>
        <Trans>Find your warranty</Trans>
      </h1>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <form.Field name="number">
          {(field) => (
            <TextField
              label={t`Warranty number`}
              name="warrantyNumber"
              required
              value={field.state.value}
              placeholder="W-E34-WS4566"
              autoComplete="off"
              error={(field.state.meta.isTouched || form.state.submissionAttempts > 0) && field.state.meta.errors}
              onChange={field.handleChange}
              onBlur={field.handleBlur}
            />
          )}
        </form.Field>
        <div className="actions">
          <Button type="submit" loading={searching}>
            {t`Submit`}
          </Button>
          <Button variant="secondary" onClick={() => void navigate({ to: "/find-claim/search-by-personal-info" })}>
            {t`Try Personal Information`}
          </Button>
        </div>
      </form>
    </section>
  );
}
