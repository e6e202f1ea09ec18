import { ISLAND } from "../../islands/markup";
import { Icon } from "./icons";

/**
 * Copies the current page address and confirms with a toast ("링크를 복사했어요"). Used on the
 * landing page, a static page: app/islands/share-button.ts does the copying and the toast.
 */
export function ShareButton({ label = "링크 복사" }: { label?: string }) {
  return (
    <button type="button" className="btn btn--ghost" data-island={ISLAND.share}>
      <Icon name="link" size={18} />
      {label}
    </button>
  );
}
