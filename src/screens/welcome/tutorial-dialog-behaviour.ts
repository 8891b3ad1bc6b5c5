/**
 * What the 'Claim Video Tutorial' dialog (TutorialDialog.tsx; SPEC.md "Welcome screen", "Other
 * states: tutorial dialog open or closed") needs from script, in plain DOM: the app's "/" route
 * calls it from an effect, and the prerendered welcome page's one script (src/prerendered-entry.ts)
 * calls it on the page as the server sent it, so both run this one implementation and the page
 * loads no React. The browser itself opens and closes the dialog (the buttons' `command` and
 * `commandfor`, Invoker Commands), so this imports nothing and may run at any time after paint.
 */

/** The ids the dialog's markup and this wiring share; one tutorial per page, so fixed. */
export const TUTORIAL_DIALOG_ID = "tutorial-dialog";
export const TUTORIAL_OPENER_ID = "tutorial-opener";
/** Marks the 'View in fullscreen' button (an attribute, present or not). */
const FULLSCREEN_ATTRIBUTE = "data-fullscreen";

/**
 * Wires the tutorial dialog (the `<dialog id="tutorial-dialog">`) found in `root`, a document or
 * an element holding the dialog and the buttons that name it:
 * - in a browser without Invoker Commands, a click on a button whose `commandfor` names the dialog
 *   does what its `command` says (`show-modal` or `close`); where the browser runs commands itself
 *   this does nothing more;
 * - when the dialog closes, its video pauses, and focus goes back to the opener if the browser left
 *   it on the body or inside the closed dialog, where a keyboard user would lose their place;
 * - 'View in fullscreen' asks the video for the whole screen (a refusal leaves it where it is).
 * Does nothing when `root` holds no such dialog. Returns a function that removes all of it.
 */
export function wireTutorialDialog(root: Document | Element): () => void {
  const dialog = root.querySelector(`#${TUTORIAL_DIALOG_ID}`);
  if (!(dialog instanceof HTMLDialogElement)) return () => {};
  const page = dialog.ownerDocument;
  // Read once: a browser either runs commands or does not.
  const browserRunsCommands = "command" in HTMLButtonElement.prototype;

  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!button) return;
    if (button.hasAttribute(FULLSCREEN_ATTRIBUTE) && dialog.contains(button)) {
      dialog
        .querySelector("video")
        ?.requestFullscreen?.()
        .catch(() => {});
      return;
    }
    if (browserRunsCommands || button.getAttribute("commandfor") !== dialog.id) return;
    const command = button.getAttribute("command");
    if (command === "show-modal" && !dialog.open) dialog.showModal();
    else if (command === "close" && dialog.open) dialog.close();
  };
  const onClose = () => {
    dialog.querySelector("video")?.pause();
    const focused = page.activeElement;
    if (!focused || focused === page.body || dialog.contains(focused)) page.getElementById(TUTORIAL_OPENER_ID)?.focus();
  };

  root.addEventListener("click", onClick);
  dialog.addEventListener("close", onClose);
  return () => {
    root.removeEventListener("click", onClick);
    dialog.removeEventListener("close", onClose);
  };
}
