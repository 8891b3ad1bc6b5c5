// The floor the portal is measured against: React 19 rendering one heading and one
// paragraph, built with the portal's own Vite. No router, no styles, no data.
import { createElement as h } from "react";
import { createRoot } from "react-dom/client";

createRoot(globalThis.document.getElementById("root")).render(
  h("main", null, h("h1", null, "File a damage claim on your protection plan"), h("p", null, "A bare React 19 page.")),
);
