/**
 * A local S3-compatible server for the storage tests: s3rver on a free loopback port,
 * its buckets in a temp folder, one bucket made for the run. It does not check SigV4 signatures
 * (real S3 does), so what a presigned URL's signature alone enforces is not tested here; what the
 * API checks itself (server/storage/direct-uploads.ts) is.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "../../server/config.ts";

/** A running S3-compatible server and the settings of its bucket. */
export interface TestS3 {
  settings: S3Settings;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

/**
 * Starts s3rver with one empty bucket.
 * @param prefix key prefix of the settings (as after `s3://bucket/`), "" or ending in "/"
 */
export async function startTestS3(prefix = ""): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), "claims-s3-"));
  const bucket = "claims-test";
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    settings: {
      kind: "s3",
      bucket,
      prefix,
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      // s3rver's one account.
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      forcePathStyle: true,
    },
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
