/**
 * Attempts this browser took as a guest and has not yet handed to an account (issue #20,
 * docs/decisions/033-diagnosis.md): localStorage `diagnosisAttempts`, a JSON list of
 * `{ id, token }` (the attempt token is the guest's only key; it opens nothing once the attempt
 * is claimed). The /_app home claims each one after sign-in or join (claimDiagnosis) and
 * forgets it. Storage that throws reads as empty.
 */
export const PENDING_KEY = "diagnosisAttempts";

export interface PendingAttempt {
  id: string;
  token: string;
}

export function readPendingAttempts(): PendingAttempt[] {
  try {
    const raw = window.localStorage.getItem(PENDING_KEY);
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    if (!Array.isArray(list)) return [];
    return list.filter(
      (p): p is PendingAttempt =>
        typeof p === "object" &&
        p !== null &&
        typeof (p as PendingAttempt).id === "string" &&
        typeof (p as PendingAttempt).token === "string",
    );
  } catch {
    return [];
  }
}

function write(list: PendingAttempt[]): void {
  try {
    if (list.length === 0) window.localStorage.removeItem(PENDING_KEY);
    else window.localStorage.setItem(PENDING_KEY, JSON.stringify(list));
  } catch {
    // Not kept: the attempt stays a guest's.
  }
}

/** Remembers an attempt (the newest 10 are kept). */
export function addPendingAttempt(attempt: PendingAttempt): void {
  write([attempt, ...readPendingAttempts().filter((p) => p.id !== attempt.id)].slice(0, 10));
}

export function removePendingAttempt(id: string): void {
  write(readPendingAttempts().filter((p) => p.id !== id));
}
