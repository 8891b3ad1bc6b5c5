/**
 * Settings of the reference claims API, read from the environment and validated once
 * (DESIGN.md, "The reference claims API").
 */
import { randomBytes } from "node:crypto";
import * as v from "valibot";
import { parseFaults, type FaultSettings } from "./http/faults.ts";

/** The mail worker's timings (server/mail/mail-worker.ts), in milliseconds. */
export interface MailTimings {
  /** How often the queue is read when nothing woke the worker. */
  pollMs: number;
  /** How long a leased message is its worker's alone; longer than a send can take (transport.ts timeouts). */
  leaseMs: number;
  /** The wait after the first failed attempt; each further failure doubles it, up to retryMaxMs. */
  retryFirstMs: number;
  retryMaxMs: number;
  /** Attempts before a message is given up. */
  maxAttempts: number;
  /** The wait after start before the first pass (tests stop a process that holds unsent mail). */
  startDelayMs: number;
}

/** Validated server settings. Paths are as given (relative ones resolve against the cwd). */
export interface ServerConfig {
  /** TCP port; 0 asks the OS for a free one. */
  port: number;
  host: string;
  /** Value every /api/v1 call must carry in the `x-api-key` header. */
  apiKey: string;
  /** Folder holding the embedded database (`pg/`) and uploaded files (`storage/`). */
  dataDir: string;
  /** PostgreSQL connection string; when absent the embedded PGlite in `dataDir/pg` is used. */
  databaseUrl: string | undefined;
  /** HMAC key of signed upload URLs; random per process unless set. */
  uploadSecret: string;
  /** Folder of the built portal to serve with an index.html fallback; absent: API only. */
  staticDir: string | undefined;
  /**
   * Origin the server is reached at (`https://claims.example.com`); every URL it hands out is built
   * from it, never from the Host header. Absent: the address it listens on (set by startServer).
   */
  publicUrl: string | undefined;
  /**
   * How many reverse proxies stand in front (0: none). With N, X-Forwarded-Proto is honoured and the
   * client's address is the N-th X-Forwarded-For entry from the right: the one the outermost of our
   * proxies wrote, not one the client wrote itself (server/http/public-url.ts).
   */
  trustProxy: number;
  /** Origins allowed to call the API from another origin (CORS); empty: same origin only. */
  corsOrigins: string[];
  /** HMAC key of session cookies; random per process unless set. */
  sessionSecret: string;
  /**
   * HMAC key of plan links sent by email. Absent: startServer reads (or creates) DATA_DIR/link-secret,
   * so links survive restarts and `npm run plan-link` can sign them.
   */
  linkSecret: string | undefined;
  /**
   * Key of the staff calls (`x-staff-key`: POST /api/v1/staff/claim_status), never the public API
   * key. Absent: the server reads (or creates) DATA_DIR/staff-key, which `npm run claim-status`
   * reads too (server/http/staff-key.ts, SECURITY.md "The staff key").
   */
  staffKey: string | undefined;
  /**
   * Which plan links open (PLAN_LINKS, SECURITY.md "Plan links"): "unsigned" (the default), links in
   * SPEC.md's shape open, the customer's random id being the capability, and signed ones too;
   * "signed", only links carrying a valid signature, for deployments whose customer ids are guessable.
   */
  planLinks: PlanLinkMode;
  /** Rate limits: [requests, window in seconds]. */
  rateLimits: RateLimits;
  /** When plan search asks for a proof-of-work first, and how much work (server/http/search-challenge.ts). */
  searchChallenge: SearchChallengeSettings;
  /** Injected faults for development and tests (server/http/faults.ts); null: none. */
  faults: FaultSettings | null;
  /** Where uploaded files live: `dataDir/storage` (default) or an S3-compatible bucket. */
  storage: StorageSettings;
  /** SMTP server emails are sent through (`smtp://127.0.0.1:2525`); absent: each is written to DATA_DIR/outbox (server/mail/transport.ts). */
  smtpUrl: string | undefined;
  /** Sender of the emails, e.g. `Claims Portal <claims@localhost>`; its domain ends every Message-ID. */
  mailFrom: string;
  /** The mail worker's timings (server/mail/mail-worker.ts), for tests; absent: its defaults. */
  mailTimings?: Partial<MailTimings>;
  /** How long requests in flight may take to finish after a shutdown signal, in seconds (SHUTDOWN_GRACE_SECONDS). */
  shutdownGraceSeconds: number;
  /** Bearer token a scraper sends for GET /metrics (METRICS_TOKEN); unset: nothing is counted or served. */
  metricsToken?: string | undefined;
}

/** Storage of uploaded files (STORAGE_URL and the S3_* settings). */
export type StorageSettings = { kind: "disk" } | S3Settings;

/** An S3-compatible bucket (server/storage/s3-storage.ts). */
export interface S3Settings {
  kind: "s3";
  bucket: string;
  /** Key prefix everything lives under, "" or ending in "/". */
  prefix: string;
  /** Endpoint of an S3-compatible service (`http://127.0.0.1:9000`); absent: AWS's own for the region. */
  endpoint: string | undefined;
  region: string;
  /** Access key; absent: the AWS SDK's default chain (AWS_ACCESS_KEY_ID, a role, ...). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Path-style URLs (`endpoint/bucket/key`), as local S3-compatible servers need. */
  forcePathStyle: boolean;
}

/** The plan links a server opens (ServerConfig.planLinks). */
type PlanLinkMode = "unsigned" | "signed";

/** A rate: [requests allowed, window in seconds]. */
export type Rate = [number, number];

/**
 * Requests allowed per window, per client address (an IPv6 /64 is one address). loadConfig fills
 * every one; a test's settings may leave out the optional ones, which then take their defaults.
 */
export interface RateLimits {
  /** POST /search_plan (RATE_LIMIT_SEARCH). */
  searchPerAddress: Rate;
  /** GET /plan/{id} and /ace/plan/{id} (RATE_LIMIT_PLAN). */
  planLookupPerAddress: Rate;
  /** POST /contact_service_ticket (RATE_LIMIT_TICKET). */
  ticketPerAddress?: Rate;
  /** Contact-service upload URLs, and the signed PUTs, each counted apart (RATE_LIMIT_CONTACT_UPLOAD). */
  contactUploadPerAddress?: Rate;
  /** Signed plan links opened, valid or not (RATE_LIMIT_PLAN_LINK). */
  planLinkPerAddress?: Rate;
  /** Finish-later links emailed, per customer (RATE_LIMIT_FINISH_LATER): one inbox is not flooded, however many drafts are made. */
  finishLaterPerCustomer?: Rate;
  /** Finish-later links emailed, per client address (RATE_LIMIT_FINISH_LATER_ADDRESS). */
  finishLaterPerAddress?: Rate;
  /**
   * GET /claim_status lookups that showed no status (RATE_LIMIT_CLAIM_STATUS): codes guessed one
   * after another. A status shown is taken back, so its owner's page, read and reloaded, never meets it.
   */
  claimStatusPerAddress?: Rate;
  /** Draft claims made by insert_claim and /ace/insert_claim (RATE_LIMIT_DRAFTS): drafts made and deleted in a loop. */
  draftsPerAddress?: Rate;
}

/** Defaults of the rate limits: far above what one person, or an office behind one address, does. */
export const DEFAULT_RATE_LIMITS: Required<RateLimits> = {
  searchPerAddress: [30, 600],
  planLookupPerAddress: [120, 600],
  ticketPerAddress: [20, 600],
  contactUploadPerAddress: [100, 600],
  planLinkPerAddress: [60, 600],
  finishLaterPerCustomer: [5, 3600],
  finishLaterPerAddress: [20, 3600],
  claimStatusPerAddress: [60, 600],
  draftsPerAddress: [60, 600],
};

/** The setting (environment name) of each rate limit: read by loadConfig, named by the API's document. */
export const RATE_LIMIT_SETTINGS = {
  searchPerAddress: "RATE_LIMIT_SEARCH",
  planLookupPerAddress: "RATE_LIMIT_PLAN",
  ticketPerAddress: "RATE_LIMIT_TICKET",
  contactUploadPerAddress: "RATE_LIMIT_CONTACT_UPLOAD",
  planLinkPerAddress: "RATE_LIMIT_PLAN_LINK",
  finishLaterPerCustomer: "RATE_LIMIT_FINISH_LATER",
  finishLaterPerAddress: "RATE_LIMIT_FINISH_LATER_ADDRESS",
  claimStatusPerAddress: "RATE_LIMIT_CLAIM_STATUS",
  draftsPerAddress: "RATE_LIMIT_DRAFTS",
} as const satisfies Record<keyof RateLimits, string>;
const RATE_NAMES = Object.keys(RATE_LIMIT_SETTINGS) as (keyof RateLimits)[];

/** The proof-of-work of plan search (SECURITY.md, "Guessing is slowed, nobody is locked out"). */
interface SearchChallengeSettings {
  /** Failed searches (no plan found) from one address, or on one name or number, per window before a search needs a solved challenge. */
  after: Rate;
  /** PBKDF2 iterations of each attempt; a challenge takes 50 to 150 attempts (about a second of a phone at the default). */
  cost: number;
}

/** `N/SECONDS`, e.g. `30/600`. */
const rateSchema = v.pipe(
  v.string(),
  v.regex(/^\d{1,7}\/\d{1,7}$/, "must be N/SECONDS, e.g. 30/600"),
  v.transform((s) => s.split("/").map(Number) as [number, number]),
  v.check(([n, seconds]) => n >= 1 && seconds >= 1, "must be at least 1/1"),
);

/** A rate as its setting spells it. */
function rateText([n, seconds]: Rate): string {
  return `${n}/${seconds}`;
}

const optionalText = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.transform((s) => (s === "" ? undefined : s)),
  ),
);

const envSchema = v.object({
  PORT: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,5}$/, "PORT must be a number"), v.toNumber(), v.maxValue(65535)),
    "8787",
  ),
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), "127.0.0.1"),
  // The characters of an RFC 6750 token, as the key check takes them (server/app.ts apiKeyAuth).
  API_KEY: v.optional(
    v.pipe(
      v.string(),
      v.nonEmpty("API_KEY must not be empty"),
      v.regex(/^[A-Za-z0-9._~+/-]+=*$/, "API_KEY may hold only letters, digits, . _ ~ + / - and trailing ="),
    ),
    "demo-key",
  ),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), ".data"),
  DATABASE_URL: optionalText,
  UPLOAD_SECRET: optionalText,
  STATIC_DIR: optionalText,
  PUBLIC_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.url("PUBLIC_URL must be a URL"),
      v.check((s) => /^https?:$/.test(new URL(s).protocol), "PUBLIC_URL must be http or https"),
      v.transform((s) => new URL(s).origin),
    ),
  ),
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^(\d{1,2}|true|false)$/, "TRUST_PROXY must be the number of proxies in front (0, 1, 2...)"),
      v.transform((s) => (s === "true" ? 1 : s === "false" ? 0 : Number(s))),
    ),
    "0",
  ),
  CORS_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) =>
        s
          .split(",")
          .map((o) => o.trim())
          .filter(Boolean),
      ),
      v.check(
        (list) => list.every((o) => URL.canParse(o) && new URL(o).origin === o),
        "CORS_ORIGINS must be origins, comma-separated",
      ),
    ),
    "",
  ),
  SESSION_SECRET: optionalText,
  LINK_SECRET: optionalText,
  STAFF_KEY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => s === "" || s.length >= 16, "STAFF_KEY must be at least 16 characters"),
      v.transform((s) => (s === "" ? undefined : s)),
    ),
  ),
  METRICS_TOKEN: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => s === "" || s.length >= 16, "METRICS_TOKEN must be at least 16 characters"),
      // What a bearer token may hold (RFC 6750): a scraper could not send anything else.
      v.check(
        (s) => s === "" || /^[A-Za-z0-9._~+/-]+=*$/.test(s),
        "METRICS_TOKEN may hold only letters, digits and . _ ~ + / -",
      ),
      v.transform((s) => (s === "" ? undefined : s)),
    ),
  ),
  PLAN_LINKS: v.optional(v.picklist(["unsigned", "signed"], "PLAN_LINKS must be unsigned or signed"), "unsigned"),
  ...(Object.fromEntries(
    RATE_NAMES.map((name) => [RATE_LIMIT_SETTINGS[name], v.optional(rateSchema, rateText(DEFAULT_RATE_LIMITS[name]))]),
  ) as Record<(typeof RATE_LIMIT_SETTINGS)[keyof RateLimits], v.OptionalSchema<typeof rateSchema, string>>),
  SEARCH_CHALLENGE_AFTER: v.optional(rateSchema, "3/600"),
  SHUTDOWN_GRACE_SECONDS: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,4}$/, "SHUTDOWN_GRACE_SECONDS must be a whole number of seconds"), v.toNumber()),
    "25",
  ),
  SEARCH_CHALLENGE_COST: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,7}$/, "SEARCH_CHALLENGE_COST must be a number"),
      v.toNumber(),
      v.minValue(1, "SEARCH_CHALLENGE_COST must be at least 1"),
    ),
    "5000",
  ),
  STORAGE_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^(s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9._/-]*)?)?$/,
        "STORAGE_URL must be s3://bucket or s3://bucket/prefix",
      ),
    ),
  ),
  S3_ENDPOINT: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => s === "" || /^https?:\/\//.test(s), "S3_ENDPOINT must be an http(s) URL"),
    ),
  ),
  S3_REGION: v.optional(v.pipe(v.string(), v.trim())),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: v.optional(v.picklist(["0", "1", "true", "false"], "S3_FORCE_PATH_STYLE must be 1 or 0")),
  SMTP_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (s) => s === "" || (URL.canParse(s) && /^smtps?:$/.test(new URL(s).protocol)),
        "SMTP_URL must be an smtp:// or smtps:// URL",
      ),
      v.transform((s) => (s === "" ? undefined : s)),
    ),
  ),
  MAIL_FROM: v.optional(
    v.pipe(v.string(), v.trim(), v.nonEmpty("MAIL_FROM must not be empty"), v.maxLength(200)),
    "Claims Portal <claims@localhost>",
  ),
  FAULTS: v.optional(
    v.pipe(
      v.string(),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        try {
          return parseFaults(dataset.value);
        } catch (error) {
          addIssue({ message: (error as Error).message });
          return NEVER;
        }
      }),
    ),
  ),
});

/**
 * Reads the settings from an environment.
 * @param env variables (defaults to process.env); unset ones take the documented defaults
 * @throws Error naming every invalid variable
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = v.safeParse(envSchema, env);
  if (!parsed.success) {
    const problems = parsed.issues.map((issue) => `${v.getDotPath(issue) ?? "env"}: ${issue.message}`);
    throw new Error(`Invalid server settings: ${problems.join("; ")}`);
  }
  const e = parsed.output;
  return {
    port: e.PORT,
    host: e.HOST,
    apiKey: e.API_KEY,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    // A random secret per process means signed URLs die with the process, which is what we want
    // for a demo server; operators running several instances set UPLOAD_SECRET.
    uploadSecret: e.UPLOAD_SECRET ?? randomBytes(32).toString("hex"),
    staticDir: e.STATIC_DIR,
    publicUrl: e.PUBLIC_URL,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS,
    sessionSecret: e.SESSION_SECRET ?? randomBytes(32).toString("hex"),
    linkSecret: e.LINK_SECRET,
    staffKey: e.STAFF_KEY,
    planLinks: e.PLAN_LINKS,
    rateLimits: Object.fromEntries(
      RATE_NAMES.map((name) => [name, e[RATE_LIMIT_SETTINGS[name]]]),
    ) as Required<RateLimits>,
    searchChallenge: { after: e.SEARCH_CHALLENGE_AFTER, cost: e.SEARCH_CHALLENGE_COST },
    faults: e.FAULTS ?? null,
    storage: storageSettings(e),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    metricsToken: e.METRICS_TOKEN,
  };
}

/** Reads STORAGE_URL and the S3_* settings (already checked by the schema). */
function storageSettings(e: v.InferOutput<typeof envSchema>): StorageSettings {
  if (!e.STORAGE_URL) return { kind: "disk" };
  const [bucket, ...rest] = e.STORAGE_URL.slice("s3://".length).split("/");
  const prefix = rest.filter(Boolean).join("/");
  const endpoint = e.S3_ENDPOINT || undefined;
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = e;
  if (!accessKeyId !== !secretAccessKey)
    throw new Error("Invalid server settings: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together");
  return {
    kind: "s3",
    bucket: bucket!,
    prefix: prefix ? `${prefix}/` : "",
    endpoint,
    region: e.S3_REGION || "us-east-1",
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // Local S3-compatible servers answer at one host, with the bucket in the path.
    forcePathStyle:
      e.S3_FORCE_PATH_STYLE === undefined
        ? endpoint !== undefined
        : e.S3_FORCE_PATH_STYLE === "1" || e.S3_FORCE_PATH_STYLE === "true",
  };
}
