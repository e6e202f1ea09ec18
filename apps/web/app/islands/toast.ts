import { TOAST_AUTO_CLOSE_MS } from "@seoltab/domain";
import { h, svg } from "./dom";

/**
 * Toasts on the static pages, with the behaviour of SPEC.md §2 that the React pages get from
 * react-toastify (components/ui/toast-container-settings.ts): top-right, closed after 5000 ms,
 * no progress bar, closed by a click, paused while the pointer is over it, and dragged sideways
 * to dismiss (past 80 % of its width, react-toastify's default). Each toast is a `role="alert"`
 * element, so screen readers announce it. Styles: app/styles/ui.css (.toast).
 */

export type ToastType = "success" | "error" | "info" | "warning";

/** The share of its width a toast must be dragged to close (react-toastify's draggablePercent). */
export const DRAG_CLOSE_RATIO = 0.8;
/** Pointer movement (px) under which a press still counts as a click. */
const CLICK_SLOP = 5;
/** Length of the closing fade (app/styles/ui.css). */
const EXIT_MS = 150;

export interface ToastHandle {
  element: HTMLElement;
  close(): void;
}

let container: HTMLElement | null = null;

function toastContainer(): HTMLElement {
  if (container?.isConnected) return container;
  container = h("div", { class: "toast-container", "data-position": "top-right" });
  document.body.append(container);
  return container;
}

const ICON_PATHS: Record<ToastType, string> = {
  success: "M9 12.5l2 2 4-4.5M12 3a9 9 0 100 18 9 9 0 000-18z",
  error: "M12 7.5v5.5M12 16.5v.01M12 3a9 9 0 100 18 9 9 0 000-18z",
  info: "M12 11v5.5M12 7.5v.01M12 3a9 9 0 100 18 9 9 0 000-18z",
  warning:
    "M12 9v4.5M12 17v.01M10.3 4.2L2.6 18a2 2 0 001.7 3h15.4a2 2 0 001.7-3L13.7 4.2a2 2 0 00-3.4 0z",
};

function icon(type: ToastType) {
  return svg(
    "svg",
    { viewBox: "0 0 24 24", width: 22, height: 22, "aria-hidden": "true", class: "toast__icon" },
    svg("path", {
      d: ICON_PATHS[type],
      fill: "none",
      stroke: "currentColor",
      "stroke-width": 2,
      "stroke-linecap": "round",
      "stroke-linejoin": "round",
    }),
  );
}

/** Shows a toast; returns it with a function that closes it early. */
export function showToast(type: ToastType, message: string): ToastHandle {
  const closeButton = h(
    "button",
    { type: "button", class: "toast__close", "aria-label": "알림 닫기" },
    svg(
      "svg",
      { viewBox: "0 0 24 24", width: 16, height: 16, "aria-hidden": "true" },
      svg("path", {
        d: "M6 6l12 12M18 6L6 18",
        stroke: "currentColor",
        "stroke-width": 2,
        "stroke-linecap": "round",
      }),
    ),
  );
  const element = h(
    "div",
    { class: `toast toast--${type}`, role: "alert" },
    icon(type),
    h("div", { class: "toast__body" }, message),
    closeButton,
  );

  let closed = false;
  let remaining = TOAST_AUTO_CLOSE_MS;
  let startedAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const pauses = new Set<"hover" | "drag">();

  const close = () => {
    if (closed) return;
    closed = true;
    clearTimeout(timer);
    element.classList.add("toast--closing");
    setTimeout(() => element.remove(), EXIT_MS);
  };
  const run = () => {
    if (closed || pauses.size > 0) return;
    startedAt = Date.now();
    timer = setTimeout(close, remaining);
  };
  const pause = (reason: "hover" | "drag") => {
    if (pauses.size === 0 && timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
      remaining = Math.max(0, remaining - (Date.now() - startedAt));
    }
    pauses.add(reason);
  };
  const resume = (reason: "hover" | "drag") => {
    pauses.delete(reason);
    run();
  };

  element.addEventListener("mouseenter", () => pause("hover"));
  element.addEventListener("mouseleave", () => resume("hover"));

  // Drag sideways to dismiss; a press that barely moved is a click, which closes the toast.
  let dragStartX: number | null = null;
  let dragged = 0;
  let suppressClick = false;
  element.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    dragStartX = event.clientX;
    dragged = 0;
    suppressClick = false;
    pause("drag");
    element.setPointerCapture?.(event.pointerId);
  });
  element.addEventListener("pointermove", (event) => {
    if (dragStartX === null) return;
    dragged = event.clientX - dragStartX;
    if (Math.abs(dragged) > CLICK_SLOP) {
      element.classList.add("toast--dragging");
      element.style.transform = `translateX(${dragged}px)`;
      element.style.opacity = String(Math.max(0, 1 - Math.abs(dragged) / element.offsetWidth));
    }
  });
  const endDrag = () => {
    if (dragStartX === null) return;
    dragStartX = null;
    element.classList.remove("toast--dragging");
    suppressClick = Math.abs(dragged) > CLICK_SLOP;
    if (Math.abs(dragged) >= element.offsetWidth * DRAG_CLOSE_RATIO && element.offsetWidth > 0) {
      close();
      return;
    }
    element.style.transform = "";
    element.style.opacity = "";
    resume("drag");
  };
  element.addEventListener("pointerup", endDrag);
  element.addEventListener("pointercancel", endDrag);
  element.addEventListener("click", () => {
    if (suppressClick) {
      suppressClick = false;
      return;
    }
    close();
  });

  toastContainer().append(element);
  run();
  return { element, close };
}
