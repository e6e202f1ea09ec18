/** A question and its answer (app/content/faq.ts, or the FAQ backend). */
export interface FaqEntry {
  question: string;
  answer: string;
}

/** Questions and answers as disclosure widgets (work without JavaScript and by keyboard). */
export function FaqList({ items }: { items: readonly FaqEntry[] }) {
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
