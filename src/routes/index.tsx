import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { START_PATH, WelcomeScreen } from "../screens/welcome/WelcomeScreen.tsx";

/** "/" inside the app (the logo, Back to Home); a first visit gets the prerendered page (src/welcome/). */
export const Route = createFileRoute("/")({
  component: function WelcomeRoute() {
    const navigate = useNavigate();
    return <WelcomeScreen onStart={() => void navigate({ to: START_PATH })} />;
  },
});
