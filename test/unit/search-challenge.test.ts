/**
 * The portal's proof of plan search's proof-of-work (src/api/search-challenge.ts; SECURITY.md,
 * "Guessing is slowed, nobody is locked out"): a challenge as the server makes it, solved with the
 * Web Crypto PBKDF2 the portal's worker uses (src/lib/challenge-worker.ts), and sent as the X-Altcha
 * header the portal writes, is one the server accepts, once.
 */
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";
import { expect, it } from "vitest";
import { proofHeader } from "../../src/api/search-challenge.ts";
import { createRateLimiter } from "../../server/http/rate-limit.ts";
import { searchChallenges } from "../../server/http/search-challenge.ts";

const challenges = () =>
  searchChallenges(
    { searchChallenge: { after: [3, 600], cost: 1 }, sessionSecret: "portal-proof-test" },
    createRateLimiter(),
  );

it("a challenge solved with Web Crypto's PBKDF2 and sent as the portal writes it is accepted once", async () => {
  const server = challenges();
  const { challenge } = await server.answer();
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  const header = proofHeader({ challenge, solution: { counter: solution!.counter, derivedKey: solution!.derivedKey } });
  // Standard base64 of the JSON payload, as the `altcha` widget sends it.
  expect(header).toMatch(/^[A-Za-z0-9+/]+=*$/);
  expect(JSON.parse(Buffer.from(header, "base64").toString("utf8"))).toEqual({
    challenge,
    solution: { counter: solution!.counter, derivedKey: solution!.derivedKey },
  });
  expect(await server.redeem(header)).toBe(true);
  expect(await server.redeem(header)).toBe(false);
});

it("a key the solver did not derive is no proof", async () => {
  const server = challenges();
  const { challenge } = await server.answer();
  const solution = (await solveChallenge({ challenge, deriveKey }))!;
  const wrongKey = `${solution.derivedKey.startsWith("0") ? "1" : "0"}${solution.derivedKey.slice(1)}`;
  expect(
    await server.redeem(proofHeader({ challenge, solution: { counter: solution.counter, derivedKey: wrongKey } })),
  ).toBe(false);
});

it("text outside ASCII in a challenge's data is sent as UTF-8, not refused by btoa", () => {
  const challenge = {
    parameters: {
      algorithm: "PBKDF2/SHA-256",
      nonce: "00",
      salt: "00",
      cost: 1,
      keyLength: 32,
      keyPrefix: "00",
      data: { nota: "búsqueda" },
    },
  };
  const header = proofHeader({ challenge, solution: { counter: 1, derivedKey: "00" } });
  expect(JSON.parse(Buffer.from(header, "base64").toString("utf8")).challenge.parameters.data.nota).toBe("búsqueda");
});
