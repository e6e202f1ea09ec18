import type { ReactNode } from "react";
import { create } from "zustand";

/**
 * The modal stack of SPEC.md §2: alert, confirm and full modals. Modals stack (the latest is on
 * top); the backdrop and Escape close only the top one. Rendering, focus handling and the body
 * scroll lock live in app/components/ui/modal-host.tsx, mounted once in the root route.
 */
export type ModalKind = "alert" | "confirm" | "full";

export const DEFAULT_CONFIRM_TEXT = "확인";
export const DEFAULT_CANCEL_TEXT = "취소";

export interface AlertOptions {
  title?: string;
  message: ReactNode;
  /** Label of the only button. Default "확인". */
  confirmText?: string;
  /** Called once the alert is closed, by its button, the backdrop or Escape. */
  onClose?: () => void;
}

export interface ConfirmOptions {
  title?: string;
  message: ReactNode;
  /** Default "확인". */
  confirmText?: string;
  /** Default "취소". */
  cancelText?: string;
  onConfirm?: () => void;
  /** Called on the cancel button, the backdrop or Escape. */
  onCancel?: () => void;
}

export interface FullOptions {
  title: string;
  content: ReactNode;
  onClose?: () => void;
}

interface ModalEntryBase {
  id: string;
  /** Element focused when the modal opened; focus goes back to it when the modal closes. */
  returnFocusTo: HTMLElement | null;
  /** Runs the callbacks and settles the promise returned by open*. */
  settle: (confirmed: boolean) => void;
}

export interface AlertEntry extends ModalEntryBase {
  kind: "alert";
  title?: string;
  message: ReactNode;
  confirmText: string;
}

export interface ConfirmEntry extends ModalEntryBase {
  kind: "confirm";
  title?: string;
  message: ReactNode;
  confirmText: string;
  cancelText: string;
}

export interface FullEntry extends ModalEntryBase {
  kind: "full";
  title: string;
  content: ReactNode;
}

export type ModalEntry = AlertEntry | ConfirmEntry | FullEntry;

export interface ModalState {
  /** Open modals, bottom first; the last one is on top. */
  modals: readonly ModalEntry[];
  /** Opens an alert on top of the stack. Resolves when it closes. */
  openAlert: (options: AlertOptions) => Promise<void>;
  /** Opens a confirm on top of the stack. Resolves true on confirm, false on any other close. */
  openConfirm: (options: ConfirmOptions) => Promise<boolean>;
  /** Opens a full modal (full screen below 768 px) on top of the stack. Resolves when it closes. */
  openFull: (options: FullOptions) => Promise<void>;
  /** Closes one modal; `confirmed` is the answer of a confirm (default false). */
  close: (id: string, confirmed?: boolean) => void;
  /** Closes the top modal, as the backdrop and Escape do. */
  closeTop: () => void;
  /** Closes every modal, top first (e.g. on logout or navigation). */
  closeAll: () => void;
}

let sequence = 0;

function nextId(): string {
  sequence += 1;
  return `modal-${sequence}`;
}

function currentFocus(): HTMLElement | null {
  if (typeof document === "undefined") return null;
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

export const useModalStore = create<ModalState>()((set, get) => {
  function push(entry: ModalEntry): void {
    set((state) => ({ modals: [...state.modals, entry] }));
  }

  return {
    modals: [],

    openAlert: ({ title, message, confirmText = DEFAULT_CONFIRM_TEXT, onClose }) =>
      new Promise<void>((resolve) => {
        push({
          kind: "alert",
          id: nextId(),
          title,
          message,
          confirmText,
          returnFocusTo: currentFocus(),
          settle: () => {
            onClose?.();
            resolve();
          },
        });
      }),

    openConfirm: ({
      title,
      message,
      confirmText = DEFAULT_CONFIRM_TEXT,
      cancelText = DEFAULT_CANCEL_TEXT,
      onConfirm,
      onCancel,
    }) =>
      new Promise<boolean>((resolve) => {
        push({
          kind: "confirm",
          id: nextId(),
          title,
          message,
          confirmText,
          cancelText,
          returnFocusTo: currentFocus(),
          settle: (confirmed) => {
            if (confirmed) onConfirm?.();
            else onCancel?.();
            resolve(confirmed);
          },
        });
      }),

    openFull: ({ title, content, onClose }) =>
      new Promise<void>((resolve) => {
        push({
          kind: "full",
          id: nextId(),
          title,
          content,
          returnFocusTo: currentFocus(),
          settle: () => {
            onClose?.();
            resolve();
          },
        });
      }),

    close: (id, confirmed = false) => {
      const entry = get().modals.find((modal) => modal.id === id);
      if (!entry) return;
      set((state) => ({ modals: state.modals.filter((modal) => modal.id !== id) }));
      entry.settle(confirmed);
    },

    closeTop: () => {
      const top = get().modals.at(-1);
      if (top) get().close(top.id);
    },

    closeAll: () => {
      for (const modal of [...get().modals].reverse()) get().close(modal.id);
    },
  };
});
