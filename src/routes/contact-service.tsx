import { createFileRoute } from "@tanstack/react-router";
import { ContactServiceScreen } from "../screens/contact-service/ContactServiceScreen.tsx";

export const Route = createFileRoute("/contact-service")({ component: ContactServiceScreen });
