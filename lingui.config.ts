import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

/** English source, Spanish translation (SPEC.md section 9: languages en and es, fallback en). */
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "es"],
  fallbackLocales: { default: "en" },
  catalogs: [{ path: "<rootDir>/locales/{locale}/messages", include: ["src"] }],
  format: formatter({ lineNumbers: false }),
});
