import { useEffect, useId, useRef, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { focusableIn } from "../../lib/focusable";
import { useModalStore, type ModalEntry } from "../../stores/modal-store";
import { MODAL_WIDTH, Z_INDEX } from "../../styles/tokens";

/**
 * Renders the modal stack of app/stores/modal-store.ts (SPEC.md §2). Mounted once in the root.
 * The static marketing pages have the same modals without React: app/islands/modal.ts.
 * - Each modal has its own backdrop and z-index; later modals are on top.
 * - The backdrop and Escape close only the top modal; lower modals are inert.
 * - While any modal is open the body does not scroll; the previous overflow comes back after.
 * - Focus moves into the top modal, Tab stays inside it, and focus returns on close.
 */
export function ModalHost() {
  const modals = useModalStore((state) => state.modals);
  const close = useModalStore((state) => state.close);
  const top = modals.at(-1);
  const anyOpen = modals.length > 0;

  useEffect(() => {
    if (!anyOpen) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previous;
    };
  }, [anyOpen]);

  useEffect(() => {
    if (!top) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      close(top.id, false);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [top, close]);

  return (
    <>
      {modals.map((modal, index) => (
        <ModalFrame
          key={modal.id}
          modal={modal}
          depth={index}
          isTop={index === modals.length - 1}
          onClose={(confirmed) => close(modal.id, confirmed)}
        />
      ))}
    </>
  );
}

interface ModalFrameProps {
  modal: ModalEntry;
  depth: number;
  isTop: boolean;
  onClose: (confirmed: boolean) => void;
}

function ModalFrame({ modal, depth, isTop, onClose }: ModalFrameProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const messageId = `${baseId}-message`;
  const hasTitle = modal.title !== undefined && modal.title !== "";
  const { returnFocusTo } = modal;

  // Focus the first control of the top modal; give focus back to the opener when it closes.
  useEffect(() => {
    if (!isTop) return;
    const dialog = dialogRef.current;
    if (dialog && !dialog.contains(document.activeElement)) {
      (focusableIn(dialog)[0] ?? dialog).focus();
    }
  }, [isTop]);
  useEffect(
    () => () => {
      // When several modals close at once, only an opener still in the page takes focus.
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    },
    [returnFocusTo],
  );

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Tab" || !dialogRef.current) return;
    const focusable = focusableIn(dialogRef.current);
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
  };

  return (
    <div
      className="modal-layer"
      style={{ zIndex: Z_INDEX.modal + depth * 2 }}
      inert={!isTop}
      data-top={isTop ? "true" : undefined}
    >
      <div
        className="modal-backdrop"
        data-testid="modal-backdrop"
        aria-hidden="true"
        onClick={() => {
          if (isTop) onClose(false);
        }}
      />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={hasTitle ? titleId : messageId}
        aria-describedby={hasTitle && modal.kind !== "full" ? messageId : undefined}
        tabIndex={-1}
        data-testid={`modal-${modal.kind}`}
        className={`modal modal--${modal.kind}`}
        style={{ width: `${MODAL_WIDTH}px` }}
        onKeyDown={onKeyDown}
      >
        {modal.kind === "full" ? (
          <>
            <div className="modal__header">
              <h2 id={titleId} className="modal__title">
                {modal.title}
              </h2>
              <button
                type="button"
                className="modal__close"
                aria-label="닫기"
                onClick={() => onClose(false)}
              >
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path
                    d="M6 6l12 12M18 6L6 18"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              </button>
            </div>
            {/* Focusable so keyboard users can scroll long content (axe scrollable-region-focusable). */}
            <div className="modal__body modal__body--scroll" tabIndex={0}>
              {modal.content}
            </div>
          </>
        ) : (
          <>
            {hasTitle ? (
              <h2 id={titleId} className="modal__title">
                {modal.title}
              </h2>
            ) : null}
            <div id={messageId} className="modal__body">
              {modal.message}
            </div>
            <div className="modal__actions">
              {modal.kind === "confirm" ? (
                <button type="button" className="btn btn--secondary" onClick={() => onClose(false)}>
                  {modal.cancelText}
                </button>
              ) : null}
              <button type="button" className="btn btn--primary" onClick={() => onClose(true)}>
                {modal.confirmText}
              </button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
