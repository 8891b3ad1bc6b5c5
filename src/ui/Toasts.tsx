/** The toaster, bottom-center, keeping at most TOAST_LIMIT toasts visible. */
import { useEffect } from "react";
import toast, { Toaster, useToasterStore } from "react-hot-toast";
import { TOAST_LIMIT } from "./toasts.ts";

export function Toasts() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((item) => item.visible)
      .slice(TOAST_LIMIT)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts]);
  return <Toaster position="bottom-center" />;
}
