/**
 * Moves focus to an element when `key` changes (and on first render), so a screen reader announces
 * a new step; re-renders of the same step leave focus where the person put it (a ticked checkbox
 * keeps it).
 */
import { useEffect, useRef } from "react";

export function useFocusOnChange<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [key]);
  return ref;
}
