import type { ReactNode } from "react";

/** Small print under an offer or a fee table: a titled bullet list. */
export function Notes({
  title = "꼭 확인해 주세요",
  items,
}: {
  title?: string;
  items: readonly ReactNode[];
}) {
  return (
    <div className="notes">
      <h3 className="notes__title">{title}</h3>
      <ul className="notes__list">
        {items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
