import { createFileRoute } from "@tanstack/react-router";
import { WarrantyNumberScreen } from "../../screens/plan-search/WarrantyNumberScreen.tsx";

export const Route = createFileRoute("/find-claim/warranty-number")({ component: WarrantyNumberScreen });
