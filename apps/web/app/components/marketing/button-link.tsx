import type { ReactNode } from "react";
import { Link } from "react-router";

export interface LinkAction {
  to: string;
  label: string;
}

/** A link styled as a button (calls to action). */
export function ButtonLink({
  to,
  variant = "primary",
  size,
  children,
}: {
  to: string;
  variant?: "primary" | "secondary" | "ghost" | "inverse";
  size?: "lg";
  children: ReactNode;
}) {
  const className = ["btn", `btn--${variant}`, size ? `btn--${size}` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}
