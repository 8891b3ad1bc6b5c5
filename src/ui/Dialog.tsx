/**
 * A modal dialog on the native <dialog> element: focus moves into it, Escape closes it, and the
 * page behind is inert, which the browser does for us. On close, focus goes back to what had it
 * before (the button that opened it), which not every browser does by itself.
 */
import { useEffect, useRef, type ReactNode } from "react";

export function Dialog({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal?.();
    }
    if (!open && dialog.open) {
      dialog.close();
      if (returnFocusTo.current?.isConnected) returnFocusTo.current.focus();
      returnFocusTo.current = null;
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <>
          <h2 id="dialog-title">{title}</h2>
          {children}
        </>
      )}
    </dialog>
  );
}
