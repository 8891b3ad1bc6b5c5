/**
 * The toaster, at the toasts' position (toasts.ts, which each toast also names). react-hot-toast
 * keeps at most 20 toasts, the spec's number (TOAST_LIMIT); test/screens/toasts.test.tsx holds it
 * to that.
 */
import { Toaster } from "react-hot-toast";
import { TOAST_POSITION } from "./toasts.ts";

export function Toasts() {
  return <Toaster position={TOAST_POSITION} />;
}
