/**
 * The reference server's pure rules, without a database: settings, search normalisation, stored
 * file names, signed URLs, date checks.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.ts";
import { kindOfName } from "../../contract/upload-rules.ts";
import { isStoredName, kindOfContentType, storedFileName } from "../../server/storage/file-names.ts";
import { phoneDigits, zip5 } from "../../server/domain/search-rules.ts";
import { signRequest, signedParams, signedQuery, verifyRequest } from "../../server/http/url-signing.ts";
import { isRealDate, isRealTimestamp } from "../../contract/schemas.ts";
import { EDITABLE_STATUSES } from "../../server/domain/claim-guards.ts";
import { CLAIM_STATUSES, claimStatusGroup } from "../../machines/domain.ts";

describe("loadConfig", () => {
  it("takes the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8787,
      host: "127.0.0.1",
      apiKey: "demo-key",
      dataDir: ".data",
      databaseUrl: undefined,
      staticDir: undefined,
    });
    expect(config.uploadSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({}).uploadSecret).not.toBe(config.uploadSecret);
  });

  it("reads the environment and treats blank optional values as unset", () => {
    const config = loadConfig({
      PORT: "9000",
      HOST: "0.0.0.0",
      API_KEY: "k",
      DATA_DIR: "/tmp/x",
      DATABASE_URL: " ",
      UPLOAD_SECRET: "s",
      STATIC_DIR: "dist",
    });
    expect(config).toEqual({
      port: 9000,
      host: "0.0.0.0",
      apiKey: "k",
      dataDir: "/tmp/x",
      databaseUrl: undefined,
      uploadSecret: "s",
      staticDir: "dist",
      // The hardening settings, at their defaults (the session secret is random per process).
      publicUrl: undefined,
      trustProxy: 0,
      corsOrigins: [],
      sessionSecret: expect.any(String),
      linkSecret: undefined,
      // Links in SPEC.md's shape open unsigned unless PLAN_LINKS=signed.
      planLinks: "unsigned",
      rateLimits: {
        searchPerAddress: [30, 600],
        planLookupPerAddress: [120, 600],
        ticketPerAddress: [20, 600],
        contactUploadPerAddress: [100, 600],
        planLinkPerAddress: [60, 600],
        finishLaterPerCustomer: [5, 3600],
        finishLaterPerAddress: [20, 3600],
        claimStatusPerAddress: [60, 600],
        draftsPerAddress: [60, 600],
      },
      searchChallenge: { after: [3, 600], cost: 5000 },
      // The deployment settings: no injected faults, files in DATA_DIR/storage.
      faults: null,
      storage: { kind: "disk" },
      // Emails go to DATA_DIR/outbox unless SMTP_URL names a server.
      smtpUrl: undefined,
      mailFrom: "Claims Portal <claims@localhost>",
      shutdownGraceSeconds: 25,
    });
  });

  it("refuses invalid settings, naming them", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: "70000" })).toThrow(/PORT/);
    expect(() => loadConfig({ API_KEY: "" })).toThrow(/API_KEY/);
    // A key the check could never match: it takes only RFC 6750's token characters.
    expect(() => loadConfig({ API_KEY: "two words" })).toThrow(/API_KEY may hold only/);
    expect(() => loadConfig({ SMTP_URL: "http://127.0.0.1:2525" })).toThrow(/SMTP_URL/);
  });
});

describe("search normalisation", () => {
  it.each([
    ["(212) 555-0134", "2125550134"],
    ["212.555.0134", "2125550134"],
    ["+1 212 555 0134", "2125550134"],
    ["1 (212) 555-0134", "2125550134"],
    ["555-0134", "5550134"],
    ["+44 20 7946 0958", "442079460958"],
  ])("phone %s is %s", (typed, digits) => expect(phoneDigits(typed)).toBe(digits));

  it.each([
    ["10001", "10001"],
    [" 02108 ", "02108"],
    ["10001-1234", "10001"],
    ["100011234", "10001"],
    ["1000", null],
    ["abcde", null],
  ])("ZIP %s is %s", (typed, zip) => expect(zip5(typed)).toBe(zip));
});

describe("stored file names", () => {
  it("are a random token plus the safe original base name, with the real type's extension", () => {
    expect(storedFileName("IMG_0001.JPG", "jpeg")).toMatch(/^[a-z0-9]{10}-IMG_0001\.jpg$/);
    expect(storedFileName("Décor été.png", "png")).toMatch(/^[a-z0-9]{10}-Decor_ete\.png$/);
    expect(storedFileName("C:\\Users\\me\\receipt.pdf", "pdf")).toMatch(/^[a-z0-9]{10}-receipt\.pdf$/);
    expect(storedFileName(".htaccess", "png")).toMatch(/^[a-z0-9]{10}-htaccess\.png$/);
    expect(storedFileName("photo.heic", "jpeg")).toMatch(/^[a-z0-9]{10}-photo\.jpg$/);
    expect(storedFileName("x".repeat(300) + ".pdf", "pdf")).toHaveLength(10 + 1 + 60 + 4);
    for (const original of ["../../x.png", "a/b/c.pdf", "%2e%2e.jpg", "", "🙂.png"]) {
      expect(isStoredName(storedFileName(original, "png"))).toBe(true);
    }
  });

  it("are recognised only when safe and of an allowed type", () => {
    expect(isStoredName("abc-photo.jpg")).toBe(true);
    for (const name of [
      "../x.jpg",
      "a/b.jpg",
      ".hidden.jpg",
      "x..jpg",
      "photo.heic",
      "photo",
      "x.jpg.tmp",
      "a\\b.png",
      "a b.png",
    ]) {
      expect(isStoredName(name), name).toBe(false);
    }
  });

  it("map extensions and content types to kinds", () => {
    expect([
      kindOfName("a.JPG"),
      kindOfName("a.jpeg"),
      kindOfName("a.png"),
      kindOfName("a.pdf"),
      kindOfName("a.gif"),
    ]).toEqual(["jpeg", "jpeg", "png", "pdf", null]);
    // Names of an object's own properties are no extension we store.
    expect([kindOfName("a.constructor"), kindOfName("a.__proto__"), kindOfName("a.toString")]).toEqual([
      null,
      null,
      null,
    ]);
    expect([
      kindOfContentType("image/png"),
      kindOfContentType("image/jpeg"),
      kindOfContentType("application/pdf"),
      kindOfContentType("image/heic"),
    ]).toEqual(["png", "jpeg", "pdf", null]);
  });
});

describe("signed URLs", () => {
  const upload = {
    method: "PUT",
    path: "/api/v1/uploads/7/abc-photo.jpg",
    expires: 2_000,
    contentType: "image/jpeg",
    size: 1234,
  } as const;
  it("verify only the same request with the same secret, before it expires", () => {
    const sig = signRequest("secret", upload);
    expect(verifyRequest("secret", upload, sig, 1_999)).toBe("ok");
    expect(verifyRequest("secret", upload, sig, 2_000)).toBe("ok");
    expect(verifyRequest("secret", upload, sig, 2_001)).toBe("expired");
    expect(verifyRequest("other", upload, sig, 1_000)).toBe("bad");
    for (const changed of [
      { path: "/api/v1/uploads/8/abc-photo.jpg" },
      { path: "/api/v1/uploads/ace/7/abc-photo.jpg" },
      { path: "/api/v1/uploads/7/abc-photo.png" },
      { expires: 3_000 },
      { contentType: "application/pdf" },
      { size: 1235 },
      { size: undefined },
      { method: "GET" as const },
    ])
      expect(verifyRequest("secret", { ...upload, ...changed }, sig, 1_000), JSON.stringify(changed)).toBe("bad");
    expect(verifyRequest("secret", upload, sig.toUpperCase(), 1_000)).toBe("bad");
    expect(verifyRequest("secret", upload, "", 1_000)).toBe("bad");
  });

  it("carry expires, size and sig in the query, and read malformed ones as values nothing signs", () => {
    const query = new URLSearchParams(signedQuery("secret", upload));
    expect(Object.fromEntries(query)).toEqual({ expires: "2000", size: "1234", sig: signRequest("secret", upload) });
    expect(signedParams((name) => query.get(name) ?? undefined)).toEqual({
      expires: 2_000,
      size: 1234,
      sig: signRequest("secret", upload),
    });
    expect(
      new URLSearchParams(signedQuery("secret", { method: "GET", path: "/storage/x", expires: 5 })).has("size"),
    ).toBe(false);
    expect(signedParams((name) => ({ expires: "soon", size: "-1" })[name])).toEqual({ expires: 0, size: -1, sig: "" });
  });
});

describe("date checks", () => {
  it("accept only real calendar days and times", () => {
    expect(["2025-01-31", "2024-02-29", "1900-01-01"].map(isRealDate)).toEqual([true, true, true]);
    expect(["2025-02-29", "2025-04-31", "2025-13-01", "0000-01-01", "2025-1-1", "20250101"].map(isRealDate)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(["2025-09-02 00:00:00", "2025-09-02 23:59:59"].map(isRealTimestamp)).toEqual([true, true]);
    expect(
      ["2025-09-02 24:00:00", "2025-09-02 12:60:00", "2025-02-30 10:00:00", "2025-09-02T10:00:00"].map(isRealTimestamp),
    ).toEqual([false, false, false, false]);
  });
});

describe("claim statuses the server lets a consumer change", () => {
  it("are exactly the stored statuses of the portal's draft group (SPEC.md section 4)", () => {
    const draftGroup = CLAIM_STATUSES.filter((status) => claimStatusGroup(status) === "draft" && status !== "UNKNOWN");
    expect([...EDITABLE_STATUSES].sort()).toEqual([...draftGroup].sort());
  });
});
