// React 19 passes a button's `command` and `commandfor` through to the HTML as they are, but its
// types do not name them yet: the Invoker Commands a button uses to open and close a <dialog>
// without any script (HTML "the button element", the command and commandfor attributes).
import "react";

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a merged declaration repeats React's type parameter
  interface ButtonHTMLAttributes<T> {
    /** What the button does to the element named by `commandfor`, e.g. "show-modal" or "close". */
    command?:
      | "show-modal"
      | "close"
      | "request-close"
      | "show-popover"
      | "hide-popover"
      | "toggle-popover"
      | `--${string}`
      | undefined;
    /** The id of the element the button's `command` acts on. */
    commandfor?: string | undefined;
  }
}
