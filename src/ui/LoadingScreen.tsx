/**
 * A screen that is waiting for the server and says so: one polite status line, announced by
 * screen readers, in the screen's frame (the routes' pending views).
 */
import type { ReactNode } from "react";

export function LoadingScreen({ children, after }: { children: ReactNode; after?: ReactNode }) {
  return (
    <section className="screen">
      <p role="status" className="loading">
        {children}
      </p>
      {after}
    </section>
  );
}
