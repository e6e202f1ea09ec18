import { TOAST_AUTO_CLOSE_MS } from "@seoltab/domain";
import type { ToastContainerProps } from "react-toastify";

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
