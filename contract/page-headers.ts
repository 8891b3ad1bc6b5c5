/**
 * The security headers of SECURITY.md ("HTTP headers on every answer"), as one set of settings
 * both sides send: the reference API on every answer (server/http/security-headers.ts) and the
 * portal host on its pages (src/server/). Plain values, in the shape Hono's secure-headers takes.
 */
const MAPS = "https://maps.googleapis.com";

/**
 * The options of Hono's secure-headers middleware (hono/secure-headers) for the portal's pages and
 * the API's answers alike; see server/http/security-headers.ts for why each is what it is.
 */
export const HEADER_OPTIONS = {
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'wasm-unsafe-eval'", MAPS],
    styleSrc: ["'self'", "'unsafe-inline'", "https://fonts.googleapis.com"],
    imgSrc: ["'self'", "blob:", "data:", MAPS, "https://maps.gstatic.com"],
    fontSrc: ["'self'", "https://fonts.gstatic.com"],
    connectSrc: ["'self'", MAPS],
    workerSrc: ["'self'", "blob:"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: "DENY",
  referrerPolicy: "no-referrer",
  crossOriginOpenerPolicy: "same-origin",
  crossOriginResourcePolicy: "same-origin",
  permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [], usb: [], browsingTopics: [] },
  // A handler's own value wins: a stored file carries a CSP of its own (`sandbox`, no scripts at
  // all) that the portal's page policy must not replace.
  overwrite: false,
};
