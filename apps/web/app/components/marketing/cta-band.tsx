import { ButtonLink, type LinkAction } from "./button-link";

/** The closing call to action of a page. */
export function CtaBand({
  id = "cta",
  title,
  body,
  primary,
  secondary,
}: {
  id?: string;
  title: string;
  body: string;
  primary: LinkAction;
  secondary?: LinkAction;
}) {
  return (
    <section className="cta-band" aria-labelledby={`${id}-title`}>
      <div className="container cta-band__inner">
        <div>
          <h2 id={`${id}-title`} className="cta-band__title">
            {title}
          </h2>
          <p className="cta-band__body">{body}</p>
        </div>
        <div className="cta-band__actions">
          <ButtonLink to={primary.to} variant="inverse" size="lg">
            {primary.label}
          </ButtonLink>
          {secondary ? (
            <ButtonLink to={secondary.to} variant="ghost" size="lg">
              {secondary.label}
            </ButtonLink>
          ) : null}
        </div>
      </div>
    </section>
  );
}
