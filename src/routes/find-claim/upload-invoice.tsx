import { createFileRoute } from "@tanstack/react-router";
import { UploadInvoiceScreen } from "../../screens/invoice/UploadInvoiceScreen.tsx";
import { openInvoiceChoice } from "../../screens/invoice/invoice-routes.ts";

export const Route = createFileRoute("/find-claim/upload-invoice")({
  beforeLoad: openInvoiceChoice,
  component: UploadInvoiceScreen,
});
