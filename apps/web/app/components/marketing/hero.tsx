import type { ReactNode } from "react";

/**
 * The top of a marketing page: the page's only h1, a lead paragraph, actions and an optional
 * illustration.
 */
export function Hero({
  eyebrow,
  title,
  lead,
  actions,
  visual,
}: {
  eyebrow?: string;
  title: ReactNode;
  lead: ReactNode;
  actions?: ReactNode;
  visual?: ReactNode;
}) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <div className="hero__text">
          {eyebrow ? <p className="hero__eyebrow">{eyebrow}</p> : null}
          <h1 id="hero-title" className="hero__title">
            {title}
          </h1>
          <p className="hero__lead">{lead}</p>
          {actions ? <div className="hero__actions">{actions}</div> : null}
        </div>
        {visual ? <div className="hero__visual">{visual}</div> : null}
      </div>
    </section>
  );
}
