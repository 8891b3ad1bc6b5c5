/**
 * The toaster, bottom-center. react-hot-toast keeps at most 20 toasts, the spec's number
 * (TOAST_LIMIT); test/screens/toasts.test.tsx holds it to that.
 */
import { Toaster } from "react-hot-toast";

export function Toasts() {
  return <Toaster position="bottom-center" />;
}
