/**
 * A request's JSON body as text, read once and decoded a slice at a time, and the work on large
 * bodies taken in turns (SECURITY.md, "What protects the data"): turning a megabyte of three-byte
 * characters into a string takes some 10 ms of one core in one piece, and parsing and validating
 * it some 5 more, long enough for a few such bodies in flight to hold up every other call. In
 * slices of 64 KiB, and one large body's parse at a time with other requests served between two,
 * no call waits behind more than one such piece.
 */
import type { Context } from "hono";

/** Bytes decoded between two turns of the event loop. */
const SLICE_BYTES = 64 * 1024;

// Keyed by the Context, which one request keeps through every middleware (bodyLimit replaces
// c.req.raw on the way, so the request itself is no key).
const texts = new WeakMap<Context, Promise<string>>();

/**
 * The body of a request as text (UTF-8; a malformed sequence becomes U+FFFD, as Request.text()
 * does), read once per request, so the idempotency middleware and the body validator
 * (validate.ts validBody, which hands the route its parsed value) read the same text, received once.
 * Nothing else reads a JSON call's body: Hono's own c.req.json() would decode it again in one piece.
 * @returns the same promise for every call on one request
 * @throws what reading the body throws (e.g. the body limit's 413 while a body of undeclared length is read)
 */
export function bodyText(c: Context): Promise<string> {
  let text = texts.get(c);
  if (!text) {
    // Received first (no turn is held while a client is slow to send), then decoded in a turn.
    text = c.req
      .arrayBuffer()
      .then((buffer) =>
        buffer.byteLength > SLICE_BYTES
          ? inTurn(() => decodeInSlices(new Uint8Array(buffer)))
          : decodeInSlices(new Uint8Array(buffer)),
      );
    texts.set(c, text);
  }
  return text;
}

/** UTF-8 bytes as a string, SLICE_BYTES at a time, letting other callbacks run between slices. */
async function decodeInSlices(bytes: Uint8Array): Promise<string> {
  const decoder = new TextDecoder();
  if (bytes.length <= SLICE_BYTES) return decoder.decode(bytes);
  let text = "";
  for (let at = 0; at < bytes.length; at += SLICE_BYTES) {
    // A character cut by the slice's end is kept by the decoder for the next slice (stream).
    text += decoder.decode(bytes.subarray(at, at + SLICE_BYTES), { stream: true });
    await new Promise((resolve) => setImmediate(resolve));
  }
  return text + decoder.decode();
}

/** Bodies longer than this (in UTF-16 units) are parsed in turns: more than any call but a few takes. */
export const LARGE_BODY_LENGTH = SLICE_BYTES;

/** Longest rest between two turns, in milliseconds. */
const MAX_REST_MS = 100;

let turnTaken = false;
const waitingForTurn: Array<() => void> = [];

/**
 * Runs `work` when no other large body's work is running, and leaves the server to everything else
 * for as long again before the next waiting work starts: however many large bodies are in flight,
 * their work holds the event loop at most half the time, and other calls are served in between.
 * @returns what `work` returns; @throws what it throws
 */
export async function inTurn<T>(work: () => T | Promise<T>): Promise<T> {
  if (turnTaken) await new Promise<void>((resolve) => waitingForTurn.push(resolve));
  else turnTaken = true;
  const start = performance.now();
  try {
    return await work();
  } finally {
    setTimeout(
      () => {
        const next = waitingForTurn.shift();
        if (next) next();
        else turnTaken = false;
      },
      Math.min(performance.now() - start, MAX_REST_MS),
    );
  }
}
