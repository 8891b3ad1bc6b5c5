/**
 * Idle keep-alive connections (server/start.ts): kept open longer than a load balancer's idle
 * timeout, so a client's pooled connection is not closed under the request it sends on it, and
 * still closed at once when the server is told to stop.
 */
import { Agent, request } from "node:http";
import type { Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { KEEP_ALIVE_TIMEOUT_MS } from "../../server/start.ts";
import { startTestServer, type TestServer } from "./helpers.ts";

let server: TestServer | undefined;
let agent: Agent | undefined;
afterEach(async () => {
  agent?.destroy();
  await server?.stop();
  server = agent = undefined;
});

/** GETs `url` over `agent`; resolves with its Keep-Alive header, whether the connection was reused, and the socket. */
function get(url: string, using: Agent): Promise<{ keepAlive: string | undefined; reused: boolean; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { agent: using }, (response) => {
      response.resume();
      response.on("end", () =>
        resolve({
          keepAlive: response.headers["keep-alive"]?.toString(),
          reused: outgoing.reusedSocket,
          socket: outgoing.socket!,
        }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

describe("idle keep-alive connections", () => {
  it("are kept longer than a balancer's 60 s and announced so, and reused", async () => {
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
    server = await startTestServer();
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const first = await get(`${server.url}/healthz`, agent);
    expect(first.keepAlive).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await get(`${server.url}/healthz`, agent)).reused).toBe(true);
  });

  it("are closed at once when the server stops, not held for their timeout", async () => {
    server = await startTestServer();
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const { socket } = await get(`${server.url}/healthz`, agent);
    const closed = new Promise<number>((resolve) => socket.once("close", () => resolve(performance.now())));
    const stopping = performance.now();
    const stopped = server.stop();
    server = undefined;
    // Well within the test server's 2 s grace, after which busy connections would be cut anyway.
    expect((await closed) - stopping).toBeLessThan(1000);
    await stopped;
  });
});
