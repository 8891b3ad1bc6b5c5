/**
 * Primary and secondary buttons with a loading state (SPEC.md section 2, "Header and shared
 * elements"): disabled or loading shows a spinner and ignores clicks.
 */
import type { ButtonHTMLAttributes } from "react";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: "primary" | "secondary";
  loading?: boolean;
}

export function Button({
  variant = "primary",
  loading = false,
  disabled,
  children,
  className,
  type = "button",
  ...rest
}: ButtonProps) {
  const inactive = Boolean(disabled || loading);
  return (
    <button
      {...rest}
      type={type}
      className={`button button-${variant} ${className ?? ""}`}
      disabled={inactive}
      aria-busy={loading || undefined}
    >
      {loading && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
