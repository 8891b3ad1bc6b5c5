/**
 * Settings of the reference claims API, read from the environment and validated once
 * (DESIGN.md, "The reference claims API").
 */
import { randomBytes } from "node:crypto";
import * as v from "valibot";

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
}

const optionalText = v.optional(v.pipe(v.string(), v.trim(), v.transform((s) => (s === "" ? undefined : s))));

const envSchema = v.object({
  PORT: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,5}$/, "PORT must be a number"), v.toNumber(), v.maxValue(65535)),
    "8787",
  ),
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), "127.0.0.1"),
  API_KEY: v.optional(v.pipe(v.string(), v.nonEmpty("API_KEY must not be empty")), "demo-key"),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), ".data"),
  DATABASE_URL: optionalText,
  UPLOAD_SECRET: optionalText,
  STATIC_DIR: optionalText,
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
  };
}
