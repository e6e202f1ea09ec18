import { TOAST_AUTO_CLOSE_MS } from "@seoltab/domain";
import { ToastContainer, type CloseButtonProps, type ToastContainerProps } from "react-toastify";

/**
 * Toast behaviour of SPEC.md §2: top-right, auto-close after 5000 ms, no progress bar, close on
 * click, pause on hover, draggable. Every value is set explicitly because react-toastify v10/v11
 * changed some defaults (closeOnClick false, draggable "touch"); see reference/INTEGRATIONS.md §5.
 */
export const TOAST_CONTAINER_PROPS = {
  position: "top-right",
  autoClose: TOAST_AUTO_CLOSE_MS,
  hideProgressBar: true,
  closeOnClick: true,
  pauseOnHover: true,
  draggable: true,
} as const satisfies ToastContainerProps;

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

/** The one toast container of the app, mounted in the root route. Show toasts with `toast()`. */
export function AppToastContainer() {
  return (
    <ToastContainer
      {...TOAST_CONTAINER_PROPS}
      aria-label="알림 (Alt+T로 이동)"
      closeButton={ToastCloseButton}
    />
  );
}
