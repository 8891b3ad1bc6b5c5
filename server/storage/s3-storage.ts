/**
 * Storage on an S3-compatible bucket (STORAGE_URL=s3://bucket[/prefix]), for several
 * API processes sharing one set of files. Paths map to keys under the prefix; folders are key
 * prefixes ending in "/". Uploads go straight to the bucket through presigned PUT URLs (AWS SDK v3)
 * and wait under `incoming/` until linking checks and accepts them (server/storage/direct-uploads.ts).
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type ListObjectsV2CommandOutput,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { S3Settings } from "../config.ts";
import type { DirectUploads, Storage, StoredEntry } from "./storage.ts";

/** Key prefix of uploads not linked yet, below the configured prefix. */
const INCOMING_PREFIX = "incoming/";

/**
 * Opens the bucket the settings name (it must exist; nothing is created), with the origin its
 * presigned URLs name, read off one signed here (no request): the SDK alone knows how it spells
 * the bucket's host (path-style or virtual-hosted, the region's endpoint).
 */
export async function openS3Storage(settings: S3Settings): Promise<Storage> {
  const storage = createS3Storage(settings, "");
  const sample = await storage.direct!.presignPut("origin-probe", {
    contentType: "image/png",
    size: 1,
    expiresInSeconds: 60,
  });
  return createS3Storage(settings, new URL(sample).origin);
}

/** The bucket's storage; `origin` is what DirectUploads.origin answers. */
function createS3Storage(settings: S3Settings, origin: string): Storage {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // Checksums only where S3 requires them: S3-compatible servers do not all know the newer ones.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const pending = bucketStorage(client, settings.bucket, `${settings.prefix}${INCOMING_PREFIX}`);
  const documents = bucketStorage(client, settings.bucket, settings.prefix);
  const direct: DirectUploads = {
    pending,
    async presignPut(path, { contentType, size, expiresInSeconds }) {
      const command = new PutObjectCommand({
        Bucket: settings.bucket,
        Key: pending.key(path),
        ContentType: contentType,
        ContentLength: size,
      });
      // Both headers are signed: S3 refuses a PUT of another type or length.
      return getSignedUrl(client, command, {
        expiresIn: expiresInSeconds,
        signableHeaders: new Set(["content-type", "content-length"]),
      });
    },
    async pendingContentType(path) {
      const head = await client
        .send(new HeadObjectCommand({ Bucket: settings.bucket, Key: pending.key(path) }))
        .catch(ifMissing(null));
      return head ? (head.ContentType ?? "") : null;
    },
    origin,
    async accept(path) {
      const source = `${settings.bucket}/${pending.key(path)}`.split("/").map(encodeURIComponent).join("/");
      await client.send(
        new CopyObjectCommand({ Bucket: settings.bucket, Key: documents.key(path), CopySource: source }),
      );
      await pending.remove(path);
    },
  };
  return { ...documents, location: `s3://${settings.bucket}/${settings.prefix}`, direct };
}

/** A Storage over the keys under one prefix of a bucket, with its key mapping. */
function bucketStorage(client: S3Client, bucket: string, prefix: string): Storage & { key(path: string): string } {
  const key = (path: string): string => {
    const parts = path.split("/").filter((part) => part !== "" && part !== ".");
    if (parts.includes("..") || path.startsWith("/")) throw new Error(`Storage path leaves the root: ${path}`);
    return `${prefix}${parts.join("/")}`;
  };
  /** Every page of a listing. */
  const listAll = async function* (input: { Prefix: string }): AsyncGenerator<ListObjectsV2CommandOutput> {
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ...input, ContinuationToken: token }));
      yield page;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  };
  const remove = async (path: string) => {
    // Deleting a missing key is no error in S3.
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key(path) }));
  };
  return {
    key,
    location: `s3://${bucket}/${prefix}`,
    async write(path, bytes) {
      // A PUT replaces an object whole: readers never see half of it.
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key(path), Body: bytes, ContentLength: bytes.byteLength }),
      );
    },
    remove,
    async removeTree(path) {
      const folder = `${key(path)}/`;
      for await (const page of listAll({ Prefix: folder })) {
        // One DELETE per key: DeleteObjects needs checksums that not every S3-compatible server takes.
        for (const object of page.Contents ?? [])
          await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: object.Key! }));
      }
    },
    async size(path) {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key(path) })).catch(ifMissing(null));
      return head ? (head.ContentLength ?? 0) : null;
    },
    async read(path) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key(path) }));
      return object.Body!.transformToWebStream() as ReadableStream<Uint8Array>;
    },
    async readStart(path, count) {
      const object = await client
        .send(new GetObjectCommand({ Bucket: bucket, Key: key(path), Range: `bytes=0-${count - 1}` }))
        .catch(ifMissing(null));
      if (!object) return null;
      // A server that ignores Range sends everything: keep the start.
      return (await object.Body!.transformToByteArray()).subarray(0, count);
    },
    async list(path) {
      const folder = `${key(path)}/`;
      // A flat listing, folders derived here: s3rver answers a delimited listing of keys two or
      // more levels down with nothing, and the sweep, the one caller, walks every folder anyway.
      const files: StoredEntry[] = [];
      const folders = new Set<string>();
      for await (const page of listAll({ Prefix: folder })) {
        for (const object of page.Contents ?? []) {
          const [name, ...below] = object.Key!.slice(folder.length).split("/");
          if (below.length > 0) folders.add(name!);
          else files.push({ name: name!, isFile: true, modifiedMs: object.LastModified?.getTime() ?? 0 });
        }
      }
      return [...[...folders].map((name) => ({ name, isFile: false, modifiedMs: 0 })), ...files];
    },
  };
}

/** A catch handler turning S3's "no such key" (404) into a value and re-throwing anything else. */
function ifMissing<T>(value: T): (error: unknown) => T {
  return (error) => {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const name = (error as { name?: string }).name;
    if (status === 404 || name === "NotFound" || name === "NoSuchKey") return value;
    throw error;
  };
}
