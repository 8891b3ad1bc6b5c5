/**
 * The language of the API call being answered, for code the call reaches without its context: the
 * email a submit queues deep in a domain transaction is written in the language the consumer filed
 * in (server/mail/claim-mail.ts). Node's AsyncLocalStorage carries it through every await of the call.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";
import { languageOf, type Language } from "./language.ts";

const current = new AsyncLocalStorage<Language>();

/** Middleware of the API: the rest of the call runs knowing its language (languageOf: Accept-Language). */
export const callLanguage: MiddlewareHandler = (c, next) => current.run(languageOf(c), next);

/** The language of the call being answered; undefined outside one (a script, the mail worker). */
export function languageOfCall(): Language | undefined {
  return current.getStore();
}
