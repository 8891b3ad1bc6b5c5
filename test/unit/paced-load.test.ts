import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { failureSummary, nearestRank, pacedLoad } from "../../scripts/bench/paced-load.ts";

let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A loopback server answering with `answer`; reports what it saw. */
async function serve(answer: (request: IncomingMessage, response: ServerResponse, index: number) => void) {
  const seen = { requests: 0, bodies: [] as string[], connections: 0, openSockets: 0, mostOpenSockets: 0 };
  server = createServer((request, response) => {
    const index = seen.requests++;
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      seen.bodies.push(body);
      answer(request, response, index);
    });
  });
  server.on("connection", (socket) => {
    seen.connections++;
    seen.mostOpenSockets = Math.max(seen.mostOpenSockets, ++seen.openSockets);
    socket.on("close", () => seen.openSockets--);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/x`, seen };
}

describe("pacedLoad", () => {
  it("sends rate × seconds requests with their body and counts the ones not answered with 2xx", async () => {
    const { url, seen } = await serve((_request, response, index) => {
      response.statusCode = index % 4 === 3 ? 500 : 200;
      response.end("{}");
    });
    const result = await pacedLoad(
      { url, method: "POST", headers: { "content-type": "application/json" }, body: '{"a":1}' },
      400,
      0.1,
      4,
    );
    expect(result.total).toBe(40);
    expect(seen.requests).toBe(40);
    expect(seen.bodies.every((body) => body === '{"a":1}')).toBe(true);
    expect(result.failed).toBe(10);
    expect(result.failures).toEqual({ "HTTP 500": 10 });
    expect(result.requestsPerSecond).toBeGreaterThan(0);
  });

  it("names what a request failed on when its kept-alive connection is closed under it", async () => {
    // The server drops the connection on the second request it reads: the client sent it on a reused one.
    const { url } = await serve((request, response, index) =>
      index === 1 ? request.socket.destroy() : response.end("{}"),
    );
    const result = await pacedLoad({ url, method: "GET", headers: {} }, 100, 0.03, 1);
    expect(result).toMatchObject({
      total: 3,
      failed: 1,
      failures: { "socket hang up (ECONNRESET), on a reused connection": 1 },
    });
    expect(failureSummary(result)).toBe("1 failed of 3: socket hang up (ECONNRESET), on a reused connection x1");
  });

  it("says so too when the request waited for that connection while it carried the one before", async () => {
    // The first answer comes after the second request is due: the client queues it for the one connection.
    const { url } = await serve((request, response, index) =>
      index === 0
        ? setTimeout(() => response.end("{}"), 40)
        : index === 1
          ? request.socket.destroy()
          : response.end("{}"),
    );
    const result = await pacedLoad({ url, method: "GET", headers: {} }, 100, 0.03, 1);
    expect(result.failures).toEqual({ "socket hang up (ECONNRESET), on a reused connection": 1 });
  });

  it("keeps to its connections: requests due while all are busy wait for one", async () => {
    const { url, seen } = await serve((_request, response) => setTimeout(() => response.end("{}"), 20));
    const result = await pacedLoad({ url, method: "GET", headers: {} }, 1000, 0.02, 3);
    expect(result).toMatchObject({ total: 20, failed: 0 });
    expect(seen.requests).toBe(20);
    expect(seen.mostOpenSockets).toBeLessThanOrEqual(3);
  });

  it("drops an idle connection before the server's announced keep-alive timeout, instead of sending on it", async () => {
    const { url, seen } = await serve((_request, response) => response.end("{}"));
    server!.keepAliveTimeout = 2000;
    // Two requests 1.5 s apart: past the 1 s the client keeps a connection of a 2 s server idle.
    const result = await pacedLoad({ url, method: "GET", headers: {} }, 1 / 1.5, 3, 1);
    expect(result).toMatchObject({ total: 2, failed: 0 });
    expect(seen.connections).toBe(2);
  });

  it("counts an answer's whole wait in its latency", async () => {
    const heldMs = 40;
    const { url } = await serve((_request, response) => setTimeout(() => response.end("{}"), heldMs));
    const result = await pacedLoad({ url, method: "GET", headers: {} }, 100, 0.05, 5);
    expect(result.p50Ms).toBeGreaterThanOrEqual(heldMs);
    expect(result.maxMs).toBeGreaterThanOrEqual(result.p99Ms);
  });

  it("counts a refused connection as failed, not as an answer", async () => {
    const { url } = await serve((_request, response) => response.end());
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    const result = await pacedLoad({ url, method: "GET", headers: {} }, 100, 0.03, 2);
    expect(result).toMatchObject({ total: 3, failed: 3 });
    expect(Object.keys(result.failures)).toEqual([expect.stringMatching(/^connect ECONNREFUSED /)]);
    expect(result.p99Ms).toBeNaN();
  });
});

describe("nearestRank", () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
  it("picks the value at or above the share asked for", () => {
    expect(nearestRank(hundred, 50)).toBe(50);
    expect(nearestRank(hundred, 99)).toBe(99);
    expect(nearestRank(hundred, 100)).toBe(100);
    expect(nearestRank([7], 99)).toBe(7);
  });
  it("is NaN for no values", () => {
    expect(nearestRank([], 50)).toBeNaN();
  });
});
