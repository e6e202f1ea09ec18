import type { ReactNode } from "react";

/** A titled page section (h2) with an optional eyebrow and lead. */
export function Section({
  id,
  eyebrow,
  title,
  lead,
  tone = "plain",
  children,
}: {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  tone?: "plain" | "muted";
  children?: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <section id={id} className={`section section--${tone}`} aria-labelledby={titleId}>
      <div className="container">
        <div className="section__head">
          {eyebrow ? <p className="section__eyebrow">{eyebrow}</p> : null}
          <h2 id={titleId} className="section__title">
            {title}
          </h2>
          {lead ? <p className="section__lead">{lead}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}
