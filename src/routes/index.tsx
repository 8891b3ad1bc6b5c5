import { createFileRoute } from "@tanstack/react-router";
import { WelcomeScreen } from "../screens/welcome/WelcomeScreen.tsx";

export const Route = createFileRoute("/")({ component: WelcomeScreen });
