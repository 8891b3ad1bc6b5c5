/**
 * The server's upload PUT stops reading a body once it passes the limit (server/storage/upload-requests.ts
 * readAtMost): an oversize stream is cancelled, never buffered whole.
 */
import { describe, expect, it } from "vitest";
import { readAtMost } from "../../server/storage/upload-requests.ts";
import { MAX_UPLOAD_BYTES } from "../../contract/upload-rules.ts";

/** A 1 MB-chunk stream of `total` bytes that counts what was pulled and whether it was cancelled. */
function counted(total: number) {
  const chunk = 1024 * 1024;
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.pulled >= total) return controller.close();
        const size = Math.min(chunk, total - seen.pulled);
        seen.pulled += size;
        controller.enqueue(new Uint8Array(size));
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, seen };
}

describe("readAtMost", () => {
  it("stops at the first chunk past the limit of a 50 MB body and cancels the rest", async () => {
    const { stream, seen } = counted(50 * 1024 * 1024);
    expect(await readAtMost(stream, MAX_UPLOAD_BYTES)).toBeNull();
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThanOrEqual(MAX_UPLOAD_BYTES + 1024 * 1024);
  });

  it("answers every byte of a body exactly at the limit", async () => {
    const { stream } = counted(MAX_UPLOAD_BYTES);
    expect((await readAtMost(stream, MAX_UPLOAD_BYTES))?.byteLength).toBe(MAX_UPLOAD_BYTES);
  });
});
