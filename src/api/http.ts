/**
 * The ky instance every call goes through: base URL and API key header from config (SPEC.md
 * section 7). No timeout, as the spec says; no retries, because writes are not idempotent.
 */
import ky from "ky";
import { config } from "../config.ts";

export const http = ky.create({
  prefix: config.apiBaseUrl,
  headers: { "x-api-key": config.apiKey },
  timeout: false,
  retry: 0,
});

/** HTTP status of a failed call, or undefined for network and parse failures. */
export function statusOf(error: unknown): number | undefined {
  const response = (error as { response?: Response } | null)?.response;
  return response instanceof Response ? response.status : undefined;
}
