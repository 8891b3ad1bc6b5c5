/**
 * scan-upload-invoice (SPEC.md section 2 names the route): take a photo of the printed
 * invoice with the phone's camera (a computer opens its file chooser instead), with tips for a
 * photo that reads well.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { BackButton } from "../../ui/BackButton.tsx";
import { InvoicePicker } from "./InvoicePicker.tsx";
import { ScreenHeading } from "../../ui/ScreenHeading.tsx";

export function ScanInvoiceScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  return (
    <section className="screen">
      <BackButton onBack={() => void navigate({ to: "/find-claim/upload-invoice" })} />
      <ScreenHeading title={t`Scan your invoice`} />
      <ul className="hint">
        <li>
          <Trans>Lay the invoice flat, in good light.</Trans>
        </li>
        <li>
          <Trans>Fit the whole page in the frame, with your name and the invoice number.</Trans>
        </li>
        <li>
          <Trans>Hold the phone steady, straight above the page.</Trans>
        </li>
      </ul>
      <InvoicePicker camera />
    </section>
  );
}
