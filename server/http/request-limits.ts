/**
 * Rate limits of the writes anyone may make and of signed plan links (SECURITY.md, "Rate limits"),
 * per client address, as one middleware in front of the routes: contact-service tickets, contact
 * upload URLs and the signed PUTs they name, and every plan link opened with a signature (valid or
 * not, so guessing signatures is counted). Other requests pass untouched. The defaults are far
 * above what a person does; a script filling the disk or trying signatures meets them.
 */
import type { Context, MiddlewareHandler } from "hono";
import { API_PREFIX, PLAN_LINK_PATH, UPLOAD_PATH_PREFIX, type AppDeps } from "../app-deps.ts";
import { closingConnection } from "./http-errors.ts";
import { addressOf, createRateLimiter, rateOf } from "./rate-limit.ts";
import type { RateLimits } from "../config.ts";

/** A limited kind of request: its counter's name, its setting and how to recognise it. */
interface Limited {
  name: string;
  rate: keyof RateLimits;
  matches(c: Context): boolean;
}

const isGet = (c: Context) => c.req.method === "GET" || c.req.method === "HEAD";

const LIMITED: Limited[] = [
  {
    name: "ticket",
    rate: "ticketPerAddress",
    matches: (c) => c.req.method === "POST" && c.req.path === `${API_PREFIX}/contact_service_ticket`,
  },
  {
    name: "contact-upload-url",
    rate: "contactUploadPerAddress",
    matches: (c) => isGet(c) && c.req.path === `${API_PREFIX}/contact_service/file-upload-url`,
  },
  // The signed PUT of a contact document (server/routes/contact-service.ts signs this prefix).
  {
    name: "contact-upload",
    rate: "contactUploadPerAddress",
    matches: (c) =>
      c.req.method === "PUT" && c.req.path.startsWith(`${API_PREFIX}${UPLOAD_PATH_PREFIX}contact_service/`),
  },
  {
    name: "plan-link",
    rate: "planLinkPerAddress",
    matches: (c) => isGet(c) && c.req.path.startsWith(`${PLAN_LINK_PATH}/`) && c.req.query("sig") !== undefined,
  },
];

/**
 * The middleware; mount it for every path, before the API key check (a signed contact upload has
 * no key, and a call without one counts for its own address only).
 * @throws HttpError 429 TOO_MANY_REQUESTS with Retry-After, before the request's body is read
 *   (so with `Connection: close`)
 */
export function requestLimits({ db, config }: Pick<AppDeps, "db" | "config">): MiddlewareHandler {
  const limiter = createRateLimiter(db);
  return async (c, next) => {
    const limited = LIMITED.find((kind) => kind.matches(c));
    if (limited) {
      try {
        await limiter.hit(limited.name, addressOf(c, config), rateOf(config.rateLimits, limited.rate));
      } catch (error) {
        throw closingConnection(error);
      }
    }
    return next();
  };
}
