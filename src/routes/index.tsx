import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { WelcomeScreen } from "../screens/welcome/WelcomeScreen.tsx";
import { SEARCH_START } from "../ui/BackButton.tsx";

/** "/" inside the app (the logo, Back to Home); a first visit gets the prerendered page (src/welcome/). */
export const Route = createFileRoute("/")({
  component: function WelcomeRoute() {
    const navigate = useNavigate();
    return <WelcomeScreen onStart={() => void navigate({ to: SEARCH_START })} />;
  },
});
