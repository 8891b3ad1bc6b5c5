/**
 * Choices made in a prerendered page before the app could hear them. A person may tap a
 * radio of the prerendered select-search-method screen before the script runs, or while React is
 * still hydrating it: the browser checks the radio, but React's state never heard of it, so Search
 * would stay disabled. React keeps what the page shows when it hydrates an input, so nothing is
 * reset here: the choice stays on screen the whole time, and once every such input is hydrated it
 * is told to React as the event it missed.
 */

/** The inputs a person changed before hydration, and `replay` to tell React of them afterwards. */
export interface EarlyInput {
  /** Tells the app of each change it may have missed, once those inputs are hydrated; stops recording. */
  replay(): void;
}

/** How often `replay` looks again for inputs whose part of the page is still hydrating. */
const HYDRATION_POLL_MS = 50;

const changedFromMarkup = (input: HTMLInputElement) => input.checked !== input.defaultChecked || input.value !== input.defaultValue;

/** True once React has hydrated the element (its Suspense boundary may hydrate after the root). */
const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactProps$"));

/**
 * Starts recording the inputs under `root` that a person changes: those already changed from the
 * markup (before any script ran), and those changed from now until `replay`.
 */
export function recordEarlyInput(root: HTMLElement): EarlyInput {
  const touched = new Set([...root.querySelectorAll("input")].filter(changedFromMarkup));
  const record = (event: Event) => {
    if (event.target instanceof HTMLInputElement) touched.add(event.target);
  };
  root.addEventListener("input", record, true);
  root.addEventListener("change", record, true);

  const replay = () => {
    const waiting = [...touched].filter((input) => input.isConnected);
    if (waiting.some((input) => !hydrated(input))) {
      window.setTimeout(replay, HYDRATION_POLL_MS);
      return;
    }
    root.removeEventListener("input", record, true);
    root.removeEventListener("change", record, true);
    for (const input of waiting) if (!input.disabled) tellReact(input);
  };
  return { replay };
}

/**
 * Makes React hear the input's current state as a change. React fires onChange only when the state
 * differs from the one it last saw, so the state it saw is first set to something else through the
 * input's own setter (which React watches), all in one task, so the screen never shows it. Telling
 * React of a change it did hear is harmless: it hears the same choice again.
 */
function tellReact(input: HTMLInputElement): void {
  if (input.type === "radio" || input.type === "checkbox") {
    // A radio that is not chosen was left by choosing another one, which is told on its own.
    if (input.type === "radio" && !input.checked) return;
    input.checked = !input.checked;
    input.click();
    return;
  }
  const typed = input.value;
  input.value = typed === "" ? " " : "";
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, typed);
  input.dispatchEvent(new Event("input", { bubbles: true }));
}
