import { focusableIn } from "../lib/focusable";
import { MODAL_WIDTH, Z_INDEX } from "../styles/tokens";
import { h, svg } from "./dom";

/**
 * The modal stack of SPEC.md §2 on the static pages, with the markup and behaviour of the React
 * host (components/ui/modal-host.tsx, which the hydrated pages use):
 * - modals stack, each with its own backdrop and z-index; lower modals are inert;
 * - a click on the top backdrop, or Escape, closes the top modal only;
 * - body scroll is locked while any modal is open (the previous overflow comes back after);
 * - focus moves into the top modal, Tab stays inside it, and goes back to the opener on close;
 * - 328 px wide (the full modal covers the screen below 768 px, app/styles/ui.css).
 * The static pages need an alert and a full modal (the footer's business information).
 */

export interface AlertModal {
  kind: "alert";
  title: string;
  /** The body; its content is moved into the modal. */
  body: Node;
  /** Default "확인" (SPEC.md §2: the alert's default button). */
  confirmText?: string;
}

export interface FullModal {
  kind: "full";
  title: string;
  body: Node;
}

export type ModalOptions = AlertModal | FullModal;

interface OpenModal {
  layer: HTMLElement;
  dialog: HTMLElement;
  returnFocusTo: HTMLElement | null;
  resolve: () => void;
}

const stack: OpenModal[] = [];
let sequence = 0;
let overflowBefore = "";

function onDocumentKeyDown(event: KeyboardEvent) {
  if (event.key !== "Escape" || stack.length === 0) return;
  event.preventDefault();
  closeTopModal();
}

function trapTab(dialog: HTMLElement, event: KeyboardEvent) {
  if (event.key !== "Tab") return;
  const focusable = focusableIn(dialog);
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

function markTop() {
  stack.forEach((modal, index) => {
    const top = index === stack.length - 1;
    modal.layer.inert = !top;
    if (top) modal.layer.dataset.top = "true";
    else delete modal.layer.dataset.top;
  });
}

function closeIcon() {
  return svg(
    "svg",
    { viewBox: "0 0 24 24", width: 20, height: 20, "aria-hidden": "true" },
    svg("path", {
      d: "M6 6l12 12M18 6L6 18",
      stroke: "currentColor",
      "stroke-width": 2,
      "stroke-linecap": "round",
    }),
  );
}

/** Opens a modal on top of the stack; resolves when it closes (button, backdrop or Escape). */
export function openModal(options: ModalOptions): Promise<void> {
  sequence += 1;
  const titleId = `island-modal-${sequence}-title`;
  const messageId = `island-modal-${sequence}-message`;
  const active = document.activeElement;
  const returnFocusTo = active instanceof HTMLElement && active !== document.body ? active : null;

  return new Promise<void>((resolve) => {
    const close = () => closeModal(entry);
    const title = h("h2", { id: titleId, class: "modal__title" }, options.title);
    const content =
      options.kind === "full"
        ? [
            h(
              "div",
              { class: "modal__header" },
              title,
              h(
                "button",
                { type: "button", class: "modal__close", "aria-label": "닫기" },
                closeIcon(),
              ),
            ),
            // Focusable so keyboard users can scroll long content (axe scrollable-region-focusable).
            h("div", { class: "modal__body modal__body--scroll", tabindex: 0 }, options.body),
          ]
        : [
            title,
            h("div", { id: messageId, class: "modal__body" }, options.body),
            h(
              "div",
              { class: "modal__actions" },
              h(
                "button",
                { type: "button", class: "btn btn--primary", "data-modal-confirm": true },
                options.confirmText ?? "확인",
              ),
            ),
          ];
    const dialog = h(
      "div",
      {
        role: "dialog",
        "aria-modal": "true",
        "aria-labelledby": titleId,
        "aria-describedby": options.kind === "full" ? null : messageId,
        tabindex: -1,
        "data-testid": `modal-${options.kind}`,
        class: `modal modal--${options.kind}`,
        style: `width: ${MODAL_WIDTH}px;`,
      },
      ...content,
    );
    const backdrop = h("div", {
      class: "modal-backdrop",
      "data-testid": "modal-backdrop",
      "aria-hidden": "true",
    });
    const layer = h(
      "div",
      { class: "modal-layer", style: `z-index: ${Z_INDEX.modal + stack.length * 2};` },
      backdrop,
      dialog,
    );
    const entry: OpenModal = { layer, dialog, returnFocusTo, resolve };

    backdrop.addEventListener("click", () => {
      if (stack.at(-1) === entry) close();
    });
    dialog.addEventListener("keydown", (event) => trapTab(dialog, event));
    dialog.querySelector(".modal__close")?.addEventListener("click", close);
    dialog.querySelector("[data-modal-confirm]")?.addEventListener("click", close);

    if (stack.length === 0) {
      overflowBefore = document.body.style.overflow;
      document.body.style.overflow = "hidden";
      document.addEventListener("keydown", onDocumentKeyDown);
    }
    stack.push(entry);
    document.body.append(layer);
    markTop();
    (focusableIn(dialog)[0] ?? dialog).focus();
  });
}

function closeModal(entry: OpenModal) {
  const index = stack.indexOf(entry);
  if (index === -1) return;
  stack.splice(index, 1);
  entry.layer.remove();
  markTop();
  if (stack.length === 0) {
    document.body.style.overflow = overflowBefore;
    document.removeEventListener("keydown", onDocumentKeyDown);
  }
  // Focus goes back to the opener; if it is gone, into the modal now on top.
  if (entry.returnFocusTo?.isConnected) entry.returnFocusTo.focus();
  else {
    const top = stack.at(-1);
    if (top && !top.dialog.contains(document.activeElement)) {
      (focusableIn(top.dialog)[0] ?? top.dialog).focus();
    }
  }
  entry.resolve();
}

/** Closes the top modal, as its backdrop and Escape do. */
export function closeTopModal(): void {
  const top = stack.at(-1);
  if (top) closeModal(top);
}

/** Closes every modal (tests). */
export function closeAllModalsForTests(): void {
  while (stack.length > 0) closeTopModal();
}
