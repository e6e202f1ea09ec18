import { useEffect, useRef, useState } from "react";

/**
 * What an autosaving form shows (the tutor resume, the lesson request):
 * - `idle`: nothing changed since the form was loaded;
 * - `saving`: what is on screen is not what the server has — from the moment of the change,
 *   while the delay runs and while the save is in flight (a reload now would lose it);
 * - `saved` / `failed`: the last save's answer for exactly what is on screen.
 */
export type AutosaveState =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved"; at: Date }
  | { kind: "failed"; message: string };

type Answer = { body: string } & (
  { kind: "saved"; at: Date } | { kind: "failed"; message: string }
);

/**
 * Saves `body` (the form's input as JSON text, compared as text) `delayMs` after it last
 * changed, with `send(body)`. One save is in flight at a time: a change made meanwhile is sent
 * after it answers, so the server never takes an older body after a newer one. `send` rejects
 * with an error whose message is shown (`errorMessage`).
 */
export function useAutosave(
  body: string,
  send: (body: string) => Promise<void>,
  options: { delayMs: number; errorMessage: (error: unknown) => string },
): AutosaveState {
  const [loadedBody] = useState(body);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const inFlight = useRef<Promise<void>>(Promise.resolve());
  const unsaved = answer ? answer.body !== body : body !== loadedBody;
  const { delayMs, errorMessage } = options;

  useEffect(() => {
    if (!unsaved) return undefined;
    const timer = window.setTimeout(() => {
      inFlight.current = inFlight.current.then(() =>
        send(body).then(
          () => setAnswer({ kind: "saved", at: new Date(), body }),
          (error: unknown) => setAnswer({ kind: "failed", message: errorMessage(error), body }),
        ),
      );
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [unsaved, body, send, delayMs, errorMessage]);

  if (unsaved) return { kind: "saving" };
  if (!answer) return { kind: "idle" };
  return answer.kind === "saved"
    ? { kind: "saved", at: answer.at }
    : { kind: "failed", message: answer.message };
}
