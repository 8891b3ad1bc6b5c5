/**
 * Traces for whoever runs a collector: with OTEL_EXPORTER_OTLP_ENDPOINT set, the server (as `npm
 * run server` runs it) exports a span per request named by its route pattern, with its database
 * queries and storage calls inside it, and its log line carries the trace's id; a URL's query
 * (signatures, searched names) never reaches a span. Unset, no line carries a trace id.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { API_KEY } from "./helpers.ts";
import { mainProcesses } from "./main-process.ts";

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: number } }[];
}

let collector: Server | undefined;
afterEach(() => {
  collector?.close();
  collector = undefined;
});

/** An OTLP/HTTP collector on a free loopback port that keeps the JSON trace requests it receives. */
async function startCollector(): Promise<{ url: string; spans: ExportedSpan[] }> {
  const spans: ExportedSpan[] = [];
  collector = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      if (request.url === "/v1/traces") {
        const sent = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[] };
        for (const resource of sent.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => collector!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`, spans };
}

const attribute = (span: ExportedSpan, key: string) =>
  span.attributes.find((entry) => entry.key === key)?.value.stringValue;

describe("traces", () => {
  const startMain = mainProcesses();

  it("exports a span per request with its queries and storage calls inside, joined to its log line by trace_id", async () => {
    const otlp = await startCollector();
    const { url, printed, stop } = await startMain({ OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, LOG_LEVEL: "info" });
    expect(
      (await fetch(`${url}/api/v1/all_color?sig=a-signature-of-the-query`, { headers: { "x-api-key": API_KEY } }))
        .status,
    ).toBe(200);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    expect(await stop()).toBe(0); // the SDK flushes its spans on the way out

    const request = otlp.spans.find((span) => span.name === "GET /api/v1/all_color");
    expect(request, otlp.spans.map((span) => span.name).join(", ")).toBeDefined();
    expect(attribute(request!, "http.route")).toBe("/api/v1/all_color");
    expect(attribute(request!, "url.full")).toBe(`${url}/api/v1/all_color`);
    const inside = (parent: ExportedSpan) =>
      otlp.spans.filter((span) => span.traceId === parent.traceId && span.spanId !== parent.spanId);
    expect(
      inside(request!).some(
        (span) => span.name.startsWith("db ") && attribute(span, "db.query.text")?.includes("lookup_values"),
      ),
    ).toBe(true);
    const probe = otlp.spans.find((span) => span.name === "GET /readyz")!;
    expect(inside(probe).map((span) => span.name)).toContain("storage list");
    expect(JSON.stringify(otlp.spans)).not.toContain("a-signature-of-the-query");

    const logged = printed()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; route?: string; trace_id?: string });
    const line = logged.find((entry) => entry.msg === "request" && entry.route === "/api/v1/all_color");
    expect(line?.trace_id).toBe(request!.traceId);
  });

  it("logs no trace ids without OTEL_EXPORTER_OTLP_ENDPOINT", async () => {
    const { url, printed, stop } = await startMain({ OTEL_EXPORTER_OTLP_ENDPOINT: "", LOG_LEVEL: "info" });
    expect((await fetch(`${url}/api/v1/plan/123`, { headers: { "x-api-key": API_KEY } })).status).toBe(404);
    expect(await stop()).toBe(0); // the SDK flushes its spans on the way out
    expect(printed()).toContain('"route":"/api/v1/plan/:id"');
    expect(printed()).not.toContain("trace_id");
  });
});
