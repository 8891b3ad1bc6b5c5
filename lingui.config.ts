import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

/** English source, Spanish translation (SPEC.md section 9: languages en and es, fallback en). */
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "es"],
  fallbackLocales: { default: "en" },
  catalogs: [
    { path: "<rootDir>/locales/{locale}/messages", include: ["src"] },
    // The server's own catalog, read by the server (server/mail/mail-i18n.ts), not bundled with the
    // portal: the emails, and the one page the server words itself (a refused finish-later link).
    { path: "<rootDir>/locales/{locale}/mail", include: ["server/mail", "server/routes/finish-later.ts"] },
  ],
  format: formatter({ lineNumbers: false }),
});
