/**
 * upload-invoice (SPEC.md section 2 names the route): choose the invoice or receipt as a
 * PDF or a photo, or go on to scan-upload-invoice to take a photo now. The file is read on the
 * device and never uploaded by this search.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { BackButton, SEARCH_START } from "../../ui/BackButton.tsx";
import { InvoicePicker } from "./InvoicePicker.tsx";
import { ScreenHeading } from "../../ui/ScreenHeading.tsx";

export function UploadInvoiceScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  return (
    <section className="screen">
      <BackButton onBack={() => void navigate({ to: SEARCH_START })} />
      <ScreenHeading title={t`Find your plan with your invoice`} />
      <p className="hint">
        <Trans>
          Choose a PDF or a photo of your invoice or receipt. We read it on this device to fill in the search for you;
          it is not uploaded.
        </Trans>
      </p>
      <InvoicePicker camera={false} />
      <p>
        <Link to="/find-claim/scan-upload-invoice" className="button button-secondary">
          {t`Scan it with the camera`}
        </Link>
      </p>
    </section>
  );
}
