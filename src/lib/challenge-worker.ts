/**
 * Web Worker of challenge-solver.ts: altcha-lib's worker handler (it answers 'work' and 'abort'
 * messages with a Solution or null) with the browser's Web Crypto PBKDF2, not Node's, which the
 * package's own PBKDF2 worker imports.
 */
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";
import { handler } from "altcha-lib/workers/shared";

handler({ deriveKey });
