import { createFileRoute } from "@tanstack/react-router";
import { VerifyInfoScreen } from "../../screens/invoice/VerifyInfoScreen.tsx";
import { openVerifyForm } from "../../screens/invoice/invoice-routes.ts";

export const Route = createFileRoute("/find-claim/upload-invoice_/verify-info")({
  beforeLoad: openVerifyForm,
  component: VerifyInfoScreen,
});
