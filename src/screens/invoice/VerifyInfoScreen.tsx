/**
 * upload-invoice/verify-info: while the device reads the chosen file, its progress and
 * Cancel; then the search form prefilled with what was read (first and last name, invoice number,
 * email, phone, ZIP) for the consumer to correct and complete. Search sends it through planSearch
 * as a personal-information search and goes to select-plan, whose route waits for the outcome.
 * Nothing read opens the form empty with a friendly line, never an error page.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { useSelector } from "@xstate/react";
import type { InvoiceDetails, ReadingOutcome } from "../../../machines/invoice-reading.machine.ts";
import { maskPhone } from "../../lib/phone.ts";
import { BackButton } from "../../ui/BackButton.tsx";
import { Button } from "../../ui/Button.tsx";
import { useAppForm } from "../../ui/app-form.tsx";
import { Form } from "../../ui/Form.tsx";
import { useInvoiceReading } from "./invoice-reading-actor.ts";
import { verifyInfoSchema } from "./verify-info-schema.ts";
import { ScreenHeading } from "../../ui/ScreenHeading.tsx";

export function VerifyInfoScreen() {
  const invoiceReading = useInvoiceReading();
  const reading = useSelector(invoiceReading, (snapshot) => snapshot.matches("reading"));
  return reading ? <ReadingView /> : <VerifyForm />;
}

function ReadingView() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const invoiceReading = useInvoiceReading();
  const progress = useSelector(invoiceReading, (snapshot) => snapshot.context.progress);
  const fileName = useSelector(invoiceReading, (snapshot) => snapshot.context.file?.name ?? "");
  const percent = Math.round(progress * 100);
  return (
    <section className="screen">
      <ScreenHeading title={t`Reading your invoice`} />
      <p className="hint">
        <Trans>This takes a few seconds on most phones. The file stays on this device.</Trans>
      </p>
      <p>{fileName}</p>
      <progress className="reading-progress" max={100} value={percent} aria-label={t`Reading ${fileName}`} />
      <p className="hint">{t`${percent}% read`}</p>
      <Button
        variant="secondary"
        onClick={() => {
          invoiceReading.send({ type: "reading.cancel" });
          void navigate({ to: "/find-claim/upload-invoice" });
        }}
      >
        {t`Cancel`}
      </Button>
    </section>
  );
}

function OutcomeLine({ outcome, fileName }: { outcome: ReadingOutcome | null; fileName: string | null }) {
  if (outcome === "read") {
    return (
      <p className="hint">
        {fileName ? (
          <Trans>
            We filled in what we could read from {fileName}. Check each field and correct anything that is wrong.
          </Trans>
        ) : (
          <Trans>
            We filled in what we could read from your invoice. Check each field and correct anything that is wrong.
          </Trans>
        )}
      </p>
    );
  }
  if (outcome === "failed") {
    return (
      <p className="note" role="status">
        <Trans>
          We couldn't read this file. Please type the details from your invoice or receipt; we'll search with them.
        </Trans>
      </p>
    );
  }
  return (
    <p className="note" role="status">
      <Trans>
        We couldn't find your details in this file. Please type them from your invoice or receipt; we'll search with
        them.
      </Trans>
    </p>
  );
}

function VerifyForm() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const invoiceReading = useInvoiceReading();
  const details = useSelector(invoiceReading, (snapshot) => snapshot.context.details);
  const outcome = useSelector(invoiceReading, (snapshot) => snapshot.context.outcome);
  const fileName = useSelector(invoiceReading, (snapshot) => snapshot.context.file?.name ?? null);

  const form = useAppForm({
    defaultValues: { ...details, phone: maskPhone(details.phone) } satisfies InvoiceDetails,
    validators: { onChange: verifyInfoSchema, onSubmit: verifyInfoSchema },
    onSubmit: ({ value }) => {
      invoiceReading.send({ type: "details.submitted", details: value });
      void navigate({ to: "/find-claim/select-plan" });
    },
  });

  type Name = keyof InvoiceDetails;
  const text = (
    name: Name,
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

  const chooseAnother = () => {
    invoiceReading.send({ type: "file.change" });
    void navigate({ to: "/find-claim/upload-invoice" });
  };

  return (
    <section className="screen">
      <BackButton onBack={chooseAnother} />
      <ScreenHeading title={t`Check the details from your invoice`} />
      <OutcomeLine outcome={outcome} fileName={fileName} />
      <Form onSubmit={() => void form.handleSubmit()}>
        {text("firstName", t`First name`, { required: true, autoComplete: "given-name" })}
        {text("lastName", t`Last name`, { required: true, autoComplete: "family-name" })}
        {text("invoiceNumber", t`Invoice number`, { autoComplete: "off" })}
        {text("email", t`Email`, { type: "email", inputMode: "email", autoComplete: "email" })}
        {text("phone", t`Phone`, { type: "tel", inputMode: "tel", autoComplete: "tel", placeholder: "(212) 555-0134" })}
        {text("zip", t`Home ZIP code`, { inputMode: "numeric", autoComplete: "postal-code" })}
        <p className="hint">
          <Trans>We search with the invoice number, or with the email or phone when there is no invoice number.</Trans>
        </p>
        <div className="actions">
          <Button type="submit">{t`Search`}</Button>
          <Button variant="secondary" onClick={chooseAnother}>
            {t`Use a different file`}
          </Button>
        </div>
      </Form>
    </section>
  );
}
