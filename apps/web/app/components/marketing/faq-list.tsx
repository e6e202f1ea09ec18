import type { FaqItem } from "../../content/faq";

/** Questions and answers as disclosure widgets (work without JavaScript and by keyboard). */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="faq-list">
      {items.map((item) => (
        <details key={item.question} className="faq-item">
          <summary className="faq-item__question">{item.question}</summary>
          <div className="faq-item__answer">
            <p>{item.answer}</p>
          </div>
        </details>
      ))}
    </div>
  );
}
