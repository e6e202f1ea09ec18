import { copyText } from "../../lib/clipboard";
import { showToast } from "../ui/toast-container";
import { Icon } from "./icons";

/**
 * Copies the current page address and confirms with a toast ("링크를 복사했어요"). The toast
 * library loads on this first use (components/ui/toast-container.tsx).
 */
export function ShareButton({ label = "링크 복사" }: { label?: string }) {
  const share = async () => {
    const copied = await copyText(window.location.href);
    if (copied) await showToast("success", "링크를 복사했어요");
    else await showToast("error", "링크를 복사하지 못했어요. 주소창의 주소를 직접 복사해 주세요.");
  };
  return (
    <button type="button" className="btn btn--ghost" onClick={() => void share()}>
      <Icon name="link" size={18} />
      {label}
    </button>
  );
}
