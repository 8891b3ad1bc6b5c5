/**
 * Every setting of the portal, read once from `import.meta.env` (Vite `VITE_*` variables) and
 * validated, so a misconfigured build fails loudly at start instead of on the first call.
 * README.md lists each with its default.
 */
import * as v from "valibot";

const configSchema = v.object({
  apiBaseUrl: v.pipe(v.string(), v.nonEmpty()),
  apiKey: v.pipe(v.string(), v.nonEmpty()),
  publicStorageUrl: v.pipe(v.string(), v.nonEmpty()),
  claimStatusUrl: v.pipe(v.string(), v.nonEmpty()),
  legacyClaimUrl: v.pipe(v.string(), v.nonEmpty()),
  mapsApiKey: v.string(),
  supportEmail: v.pipe(v.string(), v.email()),
  tutorialVideoUrl: v.string(),
  tutorialCaptionsUrl: v.string(),
});

export type Config = v.InferOutput<typeof configSchema>;

const env = import.meta.env;

export const config: Config = v.parse(configSchema, {
  apiBaseUrl: env.VITE_API_BASE_URL ?? "/api/v1",
  apiKey: env.VITE_API_KEY ?? "demo-key",
  publicStorageUrl: env.VITE_PUBLIC_STORAGE_URL ?? "/storage/",
  // The portal's own claim-status page (src/routes/claim-status.tsx) unless a deployment has its own site.
  claimStatusUrl: env.VITE_CLAIM_STATUS_URL ?? "/claim-status",
  legacyClaimUrl: env.VITE_LEGACY_CLAIM_URL ?? "https://legacy-claims.example.com/claim-request",
  mapsApiKey: env.VITE_MAPS_API_KEY ?? "",
  supportEmail: env.VITE_SUPPORT_EMAIL ?? "support@example.com",
  tutorialVideoUrl: env.VITE_TUTORIAL_VIDEO_URL ?? "",
  tutorialCaptionsUrl: env.VITE_TUTORIAL_CAPTIONS_URL ?? "",
});
