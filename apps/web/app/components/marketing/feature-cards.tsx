import type { ReactNode } from "react";
import { Icon, type IconName } from "./icons";

export interface FeatureCard {
  title: string;
  body: ReactNode;
  icon?: IconName;
}

/** A grid of cards, each with an h3. */
export function FeatureCards({
  items,
  columns = 3,
}: {
  items: readonly FeatureCard[];
  columns?: 2 | 3 | 4;
}) {
  return (
    <ul className={`feature-cards feature-cards--${columns}`}>
      {items.map((item) => (
        <li key={item.title} className="feature-card">
          {item.icon ? (
            <span className="feature-card__icon">
              <Icon name={item.icon} />
            </span>
          ) : null}
          <h3 className="feature-card__title">{item.title}</h3>
          <p className="feature-card__body">{item.body}</p>
        </li>
      ))}
    </ul>
  );
}
