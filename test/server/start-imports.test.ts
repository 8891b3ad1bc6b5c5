/**
 * What loading the server costs before its first request: no React. The emails are React
 * components, but React (and the templates) load with the first message sent, so a start stays
 * light, and a script that starts the server in the process that builds and prerenders the portal
 * (npm run screenshots, npm run bench) never has React's development build beside the production
 * one the prerender uses ("dispatcher.getOwner is not a function").
 */
import { execFile } from "node:child_process";
import { describe, expect, it } from "vitest";

const PROBE = `
  const { createRequire } = await import("node:module");
  await import("./server/start.ts");
  const loaded = Object.keys(createRequire(import.meta.url).cache).filter((path) => /node_modules[\\\\/](react|react-dom)[\\\\/]/.test(path));
  console.log(JSON.stringify(loaded));
`;

describe("loading the server", () => {
  it("loads no React until a message is sent", async () => {
    const output = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ["--import", "tsx", "--input-type=module", "-e", PROBE],
        { cwd: process.cwd(), timeout: 60_000 },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      );
    });
    expect(JSON.parse(output.trim().split("\n").pop()!)).toEqual([]);
  });
});
