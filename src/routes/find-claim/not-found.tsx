import { createFileRoute } from "@tanstack/react-router";
import { NoWarrantyFoundScreen } from "../../screens/plan-search/NoWarrantyFoundScreen.tsx";

export const Route = createFileRoute("/find-claim/not-found")({ component: NoWarrantyFoundScreen });
