/**
 * A claim's email commits with its submit: a server killed with SIGKILL after the submit answered,
 * before its worker sent anything, sends the email exactly once after a restart on the same data.
 * The first server runs in a child process (test/server/mail-process.ts) whose worker waits ten
 * minutes before its first pass, so the kill always comes first.
 */
import type { ChildProcess } from "node:child_process";
import { afterAll, describe, expect, it, vi } from "vitest";
import {
  API_KEY,
  CookieJar,
  makeApi,
  newTestData,
  removeTestData,
  sessionFetch,
  startTestServer,
  UPLOAD_SECRET,
  type TestData,
  type TestServer,
} from "./helpers.ts";
import { spawnApi } from "../../scripts/api-process.ts";
import { fileClaim, startSmtpSink, type SmtpSink } from "./mail-helpers.ts";

let sink: SmtpSink | undefined;
let child: ChildProcess | undefined;
let data: TestData | undefined;
let restarted: TestServer | undefined;
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  if (restarted) await restarted.stop();
  else if (data) await removeTestData(data);
  await sink?.close();
});

/** Starts the API in a child process with these settings; resolves with its base URL once it listens. */
function startChild(settings: Record<string, unknown>): Promise<string> {
  const started = spawnApi("test/server/mail-process.ts", [JSON.stringify(settings)]);
  child = started.child;
  return started.listening;
}

describe("email across a crash", () => {
  it("a submit's email is sent exactly once after a kill -9 and a restart on the same data", async () => {
    sink = await startSmtpSink();
    data = await newTestData();
    const settings = {
      ...data,
      apiKey: API_KEY,
      uploadSecret: UPLOAD_SECRET,
      linkSecret: "restart-link-secret",
      smtpUrl: sink.url,
      publicUrl: "https://claims.portal.test",
    };
    const url = await startChild({ ...settings, host: "127.0.0.1", port: 0, mailTimings: { startDelayMs: 600_000 } });
    const jar = new CookieJar();
    const { claimId } = await fileClaim(
      { api: makeApi(`${url}/api/v1`, API_KEY, jar), url, fetch: (u, init) => sessionFetch(jar, u, init) },
      "W-E34-WS4566",
      "Sofa",
      "es",
    );

    const exited = new Promise((resolve) => child!.once("exit", resolve));
    child!.kill("SIGKILL");
    await exited;
    expect(sink.received).toHaveLength(0);

    restarted = await startTestServer(settings);
    const [mail] = await sink.waitFor(1);
    expect(mail!.subject).toBe(`Recibimos su reclamo CL-${claimId}`);
    const server = restarted;
    await vi.waitFor(
      async () =>
        expect(await server.db.query("SELECT template, sent_at IS NOT NULL AS sent FROM mail_outbox")).toEqual([
          { template: "claimSubmitted", sent: true },
        ]),
      { timeout: 60_000, interval: 25 },
    );
    // Stopped, its pass under way finished: that one message was all.
    await restarted.stop();
    restarted = undefined;
    data = undefined;
    expect(sink.received).toHaveLength(1);
  });
});
