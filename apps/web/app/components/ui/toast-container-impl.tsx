import { ToastContainer, type CloseButtonProps } from "react-toastify";
import { TOAST_CONTAINER_PROPS } from "./toast-container-settings";

/** The library's close button, with a Korean label for screen readers. */
function ToastCloseButton({ closeToast, theme }: CloseButtonProps) {
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label="알림 닫기"
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

/**
 * The toast container itself. Loaded on demand by `AppToastContainer` (toast-container.tsx),
 * so react-toastify stays out of the prerendered pages' first load.
 */
export default function ToastContainerImpl() {
  return (
    <ToastContainer
      {...TOAST_CONTAINER_PROPS}
      aria-label="알림 (Alt+T로 이동)"
      closeButton={ToastCloseButton}
    />
  );
}
