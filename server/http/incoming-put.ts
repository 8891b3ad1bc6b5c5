/** The parts of a signed upload PUT that server/storage/upload-requests.ts checks, read from Hono's request. */
import type { Context } from "hono";
import type { IncomingPut } from "../storage/upload-requests.ts";

/** The PUT of `c` as plain values: its query parameters, Content-Type, Content-Length and body. */
export function incomingPut(c: Context): IncomingPut {
  return {
    param: (name) => c.req.query(name),
    contentType: c.req.header("content-type"),
    contentLength: c.req.header("content-length"),
    body: c.req.raw.body,
  };
}
