import type { AdminReasonCode } from "@seoltab/domain/admin";
import { useId, useState, type ReactNode } from "react";
import { restErrorText } from "../../../lib/rest-errors";
import { newActionKey } from "../api";
import { ConsoleError } from "./console-frame";
import { ReasonFields } from "./reason-fields";

/** The fields every console action sends besides its own (docs/api/admin.md "Actions"). */
export interface ConsoleActionBase {
  /** One per attempt: kept while the same action is retried, renewed after it succeeded. */
  IDEMPOTENCY_KEY: string;
  REASON_CODE: AdminReasonCode;
  /** The reason in staff's own words (2-200 characters; the form refuses an empty one). */
  REASON: string;
}

/** What `useConsoleAction` returns: the reason fields, the confirm step and the post. */
export interface ConsoleAction {
  /** Spread into `<ReasonFields {...action.reason} />`. */
  reason: {
    code: AdminReasonCode;
    words: string;
    onCode: (code: AdminReasonCode) => void;
    onWords: (words: string) => void;
  };
  /** True once a reason is written: the review button is off until then. */
  hasReason: boolean;
  /** The confirm step (amount shown, 확정 / 취소) is open. */
  confirming: boolean;
  /** Opens the confirm step (after the form's own checks), clearing an earlier problem. */
  review: () => void;
  /** Closes the confirm step without sending. */
  close: () => void;
  /** The action is being posted. */
  busy: boolean;
  /** The Korean problem to show (ConsoleError), from the server or the form's checks. */
  error: string | null;
  /** Shows a problem of the form's own checks (null clears it). */
  fail: (message: string | null) => void;
  /** The Korean sentence of the last success (shown as a status line), null before. */
  done: string | null;
  /**
   * Posts the action: `post` gets the idempotency key and the reason and answers the success
   * sentence. On success the confirm step closes, the key is renewed and `onDone` is called with
   * the sentence; on a failure the server's Korean message (restErrorText) is shown, the step
   * closes and the key stays, so the retry is the same attempt for the server.
   */
  send: (post: (base: ConsoleActionBase) => Promise<string>) => Promise<void>;
}

/**
 * The state of one console action form (issue 16 "every action asks for a reason and shows the
 * amount before it is sent"; issue 10 near-copies of the renewal, virtual-account, refund
 * decision and payment refund forms): reason code and words, the confirm step, one idempotency
 * key per attempt, the post with its Korean error text and the success sentence.
 * `reasonCode`: the reason preselected; `onDone(message)`: after a success (e.g. reload the page).
 */
export function useConsoleAction({
  reasonCode,
  onDone,
}: {
  reasonCode: AdminReasonCode;
  onDone: (message: string) => void;
}): ConsoleAction {
  const [code, setCode] = useState<AdminReasonCode>(reasonCode);
  const [words, setWords] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [key, setKey] = useState(newActionKey);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function send(post: (base: ConsoleActionBase) => Promise<string>) {
    setBusy(true);
    setError(null);
    try {
      const message = await post({ IDEMPOTENCY_KEY: key, REASON_CODE: code, REASON: words });
      setDone(message);
      setConfirming(false);
      setKey(newActionKey());
      onDone(message);
    } catch (err) {
      setError(restErrorText(err));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  }

  return {
    reason: { code, words, onCode: setCode, onWords: setWords },
    hasReason: words.trim() !== "",
    confirming,
    review: () => {
      setError(null);
      setConfirming(true);
    },
    close: () => setConfirming(false),
    busy,
    error,
    fail: setError,
    done,
    send,
  };
}

/**
 * The end of a console action form: while `action.confirming`, the confirm step (an alertdialog
 * named `dialogLabel`, or by its sentence without one; the amount sentence `children`, `confirmLabel` and `cancelLabel`; both
 * off while posting); else the submit button `submitLabel` that opens it (off until a reason is
 * written, or while `disabled`).
 */
export function ConsoleConfirmStep({
  action,
  onConfirm,
  dialogLabel,
  submitLabel,
  confirmLabel = "확정",
  cancelLabel = "취소",
  disabled = false,
  children,
}: {
  action: ConsoleAction;
  onConfirm: () => void;
  dialogLabel?: string;
  submitLabel: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  if (!action.confirming) {
    return (
      <button type="submit" className="btn btn--primary" disabled={disabled || !action.hasReason}>
        {submitLabel}
      </button>
    );
  }
  return (
    <div
      className="console-confirm"
      role="alertdialog"
      aria-label={dialogLabel}
      aria-labelledby={dialogLabel ? undefined : `${id}-confirm`}
    >
      <p id={`${id}-confirm`}>{children}</p>
      <div className="console-actions">
        <button
          type="button"
          className="btn btn--primary"
          onClick={onConfirm}
          disabled={action.busy}
        >
          {confirmLabel}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={action.close}
          disabled={action.busy}
        >
          {cancelLabel}
        </button>
      </div>
    </div>
  );
}

/**
 * The reason fields (code and words), the Korean refusal and, with `showDone`, the sentence of
 * the last success (a status line) of a console action form, in that order.
 */
export function ConsoleActionFields({
  action,
  showDone = false,
}: {
  action: ConsoleAction;
  showDone?: boolean;
}) {
  return (
    <>
      <ReasonFields {...action.reason} />
      <ConsoleError message={action.error} />
      {showDone && action.done ? <p role="status">{action.done}</p> : null}
    </>
  );
}
