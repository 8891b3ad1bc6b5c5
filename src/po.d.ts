// Lingui's Vite plugin compiles .po catalogs on import.
declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}

/** The URL of a module built as a chunk of its own (scripts/chunk-url.ts). */
declare module "chunk-url:*" {
  const url: string;
  export default url;
}
