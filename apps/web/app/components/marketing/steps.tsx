export interface Step {
  title: string;
  body: string;
}

/** Numbered steps (an ordered list), laid out in a row from the tablet breakpoint. */
export function Steps({ items }: { items: readonly Step[] }) {
  return (
    <ol className="steps">
      {items.map((step, index) => (
        <li key={step.title} className="step">
          <span className="step__number" aria-hidden="true">
            {index + 1}
          </span>
          <h3 className="step__title">
            <span className="visually-hidden">{index + 1}단계: </span>
            {step.title}
          </h3>
          <p className="step__body">{step.body}</p>
        </li>
      ))}
    </ol>
  );
}
