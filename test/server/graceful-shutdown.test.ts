/**
 * Running it in production: the probes a load balancer or Kubernetes asks (GET /healthz, /readyz)
 * and a shutdown that loses no request. The server runs as `npm run server` runs it
 * (server/main.ts, its own process, settings from the environment), every API call made 1.2 s slow
 * (FAULTS) so a submit is surely in flight when SIGTERM arrives, beside an upload whose bytes trickle.
 */
import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { API_KEY, CookieJar, png, sessionFetch } from "./helpers.ts";
import { mainProcesses } from "./main-process.ts";

const GRACE_SECONDS = 10;

/** Whether a new TCP connection to `url`'s port is accepted. */
function accepts(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** A body that sends `bytes` in `parts` pieces over `ms` milliseconds, as a slow phone uploads. */
function trickle(bytes: Uint8Array, parts: number, ms: number): ReadableStream<Uint8Array> {
  let sent = 0;
  const size = Math.ceil(bytes.length / parts);
  return new ReadableStream({
    async pull(controller) {
      if (sent >= bytes.length) return controller.close();
      await new Promise((resolve) => setTimeout(resolve, ms / parts));
      controller.enqueue(bytes.slice(sent, sent + size));
      sent += size;
    },
  });
}

describe("a server told to stop", () => {
  const startMain = mainProcesses();

  it("answers its probes, then on SIGTERM takes no new connection, finishes an upload and a submit in flight, and exits 0 within its grace", async () => {
    const { url, child, printed } = await startMain({
      SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
      FAULTS: "latency:1200ms",
    });
    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: "ok" });
    const ready = await fetch(`${url}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: "ready" }]);

    // Nora's claim lacks only a photo: one goes up and is linked, so the claim can be submitted.
    const jar = new CookieJar();
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await sessionFetch(jar, `${url}/api/v1${path}`, {
        method,
        headers: { "x-api-key": API_KEY, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as any };
    };
    const plan = (await api("POST", "/search_plan", { search_type: "search_plan_4", number: "W-N07-NS0001" })).body
      .customers[0];
    const claimId: number = (
      await api("POST", "/insert_claim", {
        warrentyId: plan.id,
        customerId: plan.customerId,
        damagedate: "2025-10-12",
        claimdate: "2025-10-13 09:00:00",
        allowSMS: true,
      })
    ).body.claimId;
    const item = (await api("GET", `/claim/${claimId}`)).body.items[0];
    const photo = png(2048);
    const first = (
      await api(
        "GET",
        `/file-upload-url?claimId=${claimId}&fileType=image/png&fileName=stain.png&fileSize=${photo.length}`,
      )
    ).body;
    // The slow upload goes to a contact-service request: one to the claim would be refused once the submit, in flight beside it, took the claim.
    const second = (
      await api(
        "GET",
        `/contact_service/file-upload-url?requestId=${randomUUID()}&fileType=image/png&fileName=invoice.png&fileSize=${photo.length}`,
      )
    ).body;
    expect(
      (await fetch(new URL(first.url, url), { method: "PUT", headers: { "content-type": "image/png" }, body: photo }))
        .status,
    ).toBe(200);
    expect(
      (
        await api("POST", "/insert_linked_and_embedded_files", {
          claimId,
          claimItemsId: item.id,
          docName: first.fileName,
        })
      ).status,
    ).toBe(200);

    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.once("exit", (code) => resolve({ code, at: Date.now() })),
    );
    const upload = fetch(new URL(second.url, url), {
      method: "PUT",
      headers: { "content-type": "image/png", "content-length": String(photo.length) },
      body: trickle(photo, 8, 2500),
      duplex: "half",
    } as RequestInit);
    const submit = api("PUT", `/submit_claim/${claimId}/${plan.customerId}`);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const signalled = Date.now();
    child.kill("SIGTERM");
    // Once it says it is finishing, it has stopped listening: a busy machine may take a while to get there.
    await expect.poll(printed, { timeout: 10_000, interval: 20 }).toContain("finishing the requests in flight");
    expect(await accepts(url), "a new connection after the signal").toBe(false);

    // Both finish, and are answered, after the signal.
    expect((await upload).status).toBe(200);
    expect(await submit).toEqual({ status: 200, body: { message: "Succeed" } });
    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - signalled).toBeLessThan(GRACE_SECONDS * 1000);
  });
});
