/**
 * The staff key (SECURITY.md, "The staff key"): what staff calls carry in `x-staff-key` instead of
 * the public API key, which ships in the portal's bundle. It is STAFF_KEY, else a random key kept in
 * DATA_DIR/staff-key (mode 0600), made on first use by the server or `npm run claim-status`,
 * whichever comes first, so the command on the server's machine reads what the server checks.
 * The right key always works: only wrong keys are counted per address and slowed with 429, since
 * whoever shares staff's address, or a proxy's, must not be able to lock staff out.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { link, readFile, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { MiddlewareHandler } from "hono";
import type { AppDeps } from "../app-deps.ts";
import type { Rate } from "../config.ts";
import { PRIVATE_FILE_MODE, makePrivateFolder } from "../db/data-lock.ts";
import { HttpError, closingConnection } from "./http-errors.ts";
import { addressOf, createRateLimiter } from "./rate-limit.ts";

/** The header staff calls carry their key in. */
export const STAFF_KEY_HEADER = "x-staff-key";

/**
 * Wrong or missing staff keys answered 401 per address in a window: 10 per 10 minutes; past them a
 * wrong key is answered 429 until the window ends. The right key is never counted nor refused, so
 * nobody sharing staff's address (or a proxy's, without TRUST_PROXY) can lock staff out.
 */
export const STAFF_KEY_FAILURES: Rate = [10, 600];

/** Shortest key kept in DATA_DIR/staff-key: a shorter file is damaged, never trusted. */
const MIN_FILE_KEY_LENGTH = 32;

/**
 * The staff key of a data folder: read from `DATA_DIR/staff-key`, or created there (random, mode
 * 0600). Created whole beside it and linked into place, so two processes starting at once agree
 * on one key and neither reads a half-written file.
 * @throws Error when the file exists but holds no key of at least 32 characters (delete it to make a new one)
 */
export async function staffKeyOf(dataDir: string): Promise<string> {
  const file = join(dataDir, "staff-key");
  const read = async () => {
    const key = (await readFile(file, "utf8")).trim();
    if (key.length < MIN_FILE_KEY_LENGTH)
      throw new Error(`${file} holds no staff key; delete it and a new one is made`);
    return key;
  };
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await makePrivateFolder(dataDir);
  const key = randomBytes(32).toString("hex");
  const draft = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  await writeFile(draft, `${key}\n`, { mode: PRIVATE_FILE_MODE });
  try {
    await link(draft, file);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return read();
    throw error;
  } finally {
    await unlink(draft).catch(() => undefined);
  }
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Middleware of the staff calls: the `x-staff-key` header must be the staff key (compared
 * constant-time, as digests), or the call is 401 `{ message: "Unauthorized" }`. The key is checked
 * first, so the right one always passes; only wrong or missing keys are counted per address, and
 * past STAFF_KEY_FAILURES they are slowed with 429. Mount it before anything reads the body.
 * @throws HttpError 401 Unauthorized, 429 TOO_MANY_REQUESTS (both with `Connection: close`)
 */
export function requireStaffKey({ db, config }: Pick<AppDeps, "db" | "config">): MiddlewareHandler {
  const limiter = createRateLimiter(db);
  let expected: Promise<Buffer> | undefined;
  const expectedKey = () => {
    expected ??= (config.staffKey !== undefined ? Promise.resolve(config.staffKey) : staffKeyOf(config.dataDir)).then(
      digest,
    );
    // A key that could not be read is read again on the next call, not refused for ever.
    expected.catch(() => (expected = undefined));
    return expected;
  };
  return async (c, next) => {
    try {
      const given = digest(c.req.header(STAFF_KEY_HEADER) ?? "");
      if (!timingSafeEqual(given, await expectedKey())) {
        // Counted only when wrong; each count is atomic, so wrong keys sent at once are all counted.
        await limiter.hit("staff-key", addressOf(c, config), STAFF_KEY_FAILURES);
        // The same answer as a wrong API key: a caller learns nothing from it but that it was refused.
        throw new HttpError(401, { message: "Unauthorized" });
      }
    } catch (error) {
      // Refused before the body was read: the client must not reuse the connection.
      throw closingConnection(error);
    }
    return next();
  };
}
