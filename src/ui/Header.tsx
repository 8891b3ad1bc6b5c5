/** The app's header: HeaderBar with the logo as a router link to '/' (SPEC.md section 2). */
import { Link } from "@tanstack/react-router";
import { HeaderBar, Logo } from "./HeaderBar.tsx";

export function Header() {
  return (
    <HeaderBar
      home={
        <Link to="/" className="logo">
          <Logo />
        </Link>
      }
    />
  );
}
