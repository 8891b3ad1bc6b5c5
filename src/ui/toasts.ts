/**
 * Toasts (SPEC.md sections 8 and 9): bottom-center, 4000 ms for errors, 2000 ms for successes,
 * at most 20 on screen (react-hot-toast's own limit, held to this number by the toast tests).
 */
import toast from "react-hot-toast";

export const TOAST_LIMIT = 20;
/** Where toasts show: the toaster's position (Toasts.tsx) and each toast's. */
export const TOAST_POSITION = "bottom-center";
const ERROR_TOAST_MS = 4000;
const SUCCESS_TOAST_MS = 2000;

export function showError(text: string): void {
  toast.error(text, { duration: ERROR_TOAST_MS, position: TOAST_POSITION });
}

export function showSuccess(text: string): void {
  toast.success(text, { duration: SUCCESS_TOAST_MS, position: TOAST_POSITION });
}
