import type { ReactNode } from "react";

export interface Fact {
  term: string;
  detail: ReactNode;
}

/** Key facts (period, audience, fee...) as a description list laid out as small cards. */
export function FactList({ items }: { items: readonly Fact[] }) {
  return (
    <dl className="fact-list">
      {items.map((item) => (
        <div key={item.term} className="fact-list__item">
          <dt className="fact-list__term">{item.term}</dt>
          <dd className="fact-list__detail">{item.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
