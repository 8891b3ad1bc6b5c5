import { createFileRoute } from "@tanstack/react-router";
import { ScanInvoiceScreen } from "../../screens/invoice/ScanInvoiceScreen.tsx";
import { openInvoiceChoice } from "../../screens/invoice/invoice-routes.ts";

export const Route = createFileRoute("/find-claim/scan-upload-invoice")({
  beforeLoad: openInvoiceChoice,
  component: ScanInvoiceScreen,
});
