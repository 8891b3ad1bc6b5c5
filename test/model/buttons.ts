/** Gestures that press one button by its name, shared by the tables: Next, Submit, Try Again. */
import type { EventObject } from "xstate";
import { user, type Gesture } from "./table.ts";

/** Press the button named `label` (exactly). */
export function press<E extends EventObject>(label: string): Gesture<E> {
  return user(
    () => `Press **${label}**.`,
    ({ page }) => page.getByRole("button", { name: label, exact: true }).click(),
  );
}

/** Press a wizard's Back, top left; `leaves` as for any gesture. */
export function pressBack<E extends EventObject>(
  leaves?: Gesture<E>["leaves"],
  after?: Gesture<E>["perform"],
): Gesture<E> {
  return user(
    () => "Press **Back** (top left).",
    async (walker, event, before) => {
      await walker.page.getByRole("button", { name: "Back", exact: true }).click();
      await after?.(walker, event, before);
    },
    leaves,
  );
}

/** Press 'Back to Home' on a thank-you page: the welcome screen opens, and the path ends there. */
export function backToHome<E extends EventObject>(): Gesture<E> {
  return user(
    () => "Press **Back to Home**.",
    async ({ page }) => {
      await page.getByRole("button", { name: "Back to Home" }).click();
      await page.getByRole("button", { name: "Start" }).waitFor();
    },
    "The welcome screen, with Start.",
  );
}

/** Press Delete beside an uploaded file. */
export function deleteFile<E extends EventObject>(fileName: string): Gesture<E> {
  return user(
    () => `Press **Delete** beside ${fileName}.`,
    ({ page }) => page.getByRole("button", { name: `Delete ${fileName}` }).click(),
  );
}
