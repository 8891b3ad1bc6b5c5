/**
 * The file control of the invoice search: a PDF or a photo, or (camera) a photo taken
 * now. The chosen file goes to invoiceReading; when the machine starts reading it, the verify route
 * shows the progress and then the form. A refused file is said here, in an alert.
 */
import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { useSelector } from "@xstate/react";
import { useId } from "react";
import { MAX_INVOICE_BYTES } from "../../../machines/invoice-reading.machine.ts";
import { useInvoiceReading } from "./invoice-reading-actor.ts";

const ACCEPT = "application/pdf,.pdf,image/*,.heic,.heif";

export function InvoicePicker({ camera }: { camera: boolean }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const invoiceReading = useInvoiceReading();
  const refusal = useSelector(invoiceReading, (snapshot) => snapshot.context.refusal);
  const id = useId();
  const megabytes = MAX_INVOICE_BYTES / (1024 * 1024);

  const pick = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    invoiceReading.send({ type: "file.chosen", file });
    if (invoiceReading.getSnapshot().matches("reading"))
      void navigate({ to: "/find-claim/upload-invoice/verify-info" });
  };

  return (
    <div className="invoice-picker">
      <input
        id={id}
        type="file"
        className="visually-hidden"
        accept={camera ? "image/*" : ACCEPT}
        capture={camera ? "environment" : undefined}
        aria-invalid={refusal !== null || undefined}
        aria-describedby={refusal ? `${id}-refusal` : undefined}
        onChange={(event) => pick(event.currentTarget)}
      />
      {/* After the input, so the input's keyboard focus can be drawn on it (styles.css). */}
      <label htmlFor={id} className="button button-primary">
        {camera ? t`Open the camera` : t`Choose a PDF or photo`}
      </label>
      {refusal && (
        <p id={`${id}-refusal`} className="field-error" role="alert">
          {refusal === "tooLarge"
            ? t`This file is larger than ${megabytes} MB. Choose a smaller photo or the PDF of your invoice.`
            : t`This file can't be read. Choose a PDF or a photo (JPEG, PNG or HEIC).`}
        </p>
      )}
    </div>
  );
}
