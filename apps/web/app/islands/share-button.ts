import { copyText } from "../lib/clipboard";
import { ISLAND } from "./markup";
import { showToast } from "./toast";

/**
 * The landing page's "링크 복사" button (markup: components/marketing/share-button.tsx): copies
 * the page address and confirms with a toast, or says how to copy it by hand.
 */
export function initShareButtons(root: ParentNode = document): void {
  for (const button of root.querySelectorAll(`[data-island="${ISLAND.share}"]`)) {
    button.addEventListener("click", () => {
      void copyText(window.location.href).then((copied) => {
        if (copied) showToast("success", "링크를 복사했어요");
        else showToast("error", "링크를 복사하지 못했어요. 주소창의 주소를 직접 복사해 주세요.");
      });
    });
  }
}
