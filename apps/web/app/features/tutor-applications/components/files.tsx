import { TUTOR_FILE_MAX_BYTES, TUTOR_FILE_TYPES, TUTOR_VOICE_MAX_SECONDS } from "@seoltab/domain";
import { useEffect, useId, useRef, useState } from "react";
import { errorMessage } from "../../../lib/graphql-errors";
import { fetchTutorFile, uploadTutorFile, type TutorFile } from "../api";

const KIND_LABELS: Record<string, string> = {
  ENROLLMENT_PROOF: "재학증명서",
  VOICE_ANSWER: "음성 답변",
};

/** "1.2MB" / "320KB" */
export function fileSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)}MB`
    : `${Math.max(1, Math.round(bytes / 1024))}KB`;
}

/** "2:05" */
export function duration(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * A file of an application: 보기 opens documents in a new tab, audio plays in place. The bytes are
 * fetched with the Bearer token (only the applicant and staff may read them).
 */
export function FileLine({ file }: { file: TutorFile }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const audio = file.contentType.startsWith("audio/");
  const load = async () => {
    try {
      const blob = await fetchTutorFile(file.url);
      const objectUrl = URL.createObjectURL(blob);
      setUrl(objectUrl);
      if (!audio) window.open(objectUrl, "_blank", "noopener");
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <li className="tutor-file" data-testid={`file-${file.kind}`}>
      <span className="tutor-file__name">
        {KIND_LABELS[file.kind] ?? file.kind} · {file.contentType.split("/")[1]?.toUpperCase()} ·{" "}
        {fileSize(file.sizeBytes)}
        {file.durationSeconds ? ` · ${duration(file.durationSeconds)}` : ""}
      </span>
      {audio && url ? (
        <audio controls src={url} className="tutor-file__audio">
          음성 답변
        </audio>
      ) : (
        <button type="button" className="btn btn--ghost" onClick={() => void load()}>
          {audio ? "듣기" : "보기"}
        </button>
      )}
      {error ? (
        <span className="form-field__error" role="alert">
          {error}
        </span>
      ) : null}
    </li>
  );
}

/** 재학증명서: PDF, JPG or PNG up to 10 MB, checked here first and by the server's byte check. */
export function EnrollmentProofUpload({
  files,
  onUploaded,
}: {
  files: TutorFile[];
  onUploaded: () => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "error" | "info"; text: string } | null>(null);
  const proofs = files.filter((f) => f.kind === "ENROLLMENT_PROOF");
  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > TUTOR_FILE_MAX_BYTES) {
      setMessage({ tone: "error", text: "파일은 10MB까지 올릴 수 있어요." });
      return;
    }
    if (file.type && !TUTOR_FILE_TYPES.ENROLLMENT_PROOF.includes(file.type)) {
      setMessage({ tone: "error", text: "PDF, JPG, PNG 파일만 올릴 수 있어요." });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      await uploadTutorFile("ENROLLMENT_PROOF", file);
      setMessage({ tone: "info", text: "재학증명서를 올렸어요." });
      onUploaded();
    } catch (e) {
      setMessage({ tone: "error", text: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset className="tutor-group">
      <legend>재학증명서</legend>
      <p className="form-field__hint">
        이번 학기 재학증명서(PDF, JPG, PNG · 10MB까지)를 올려 주세요. 운영팀만 볼 수 있어요.
      </p>
      {proofs.length > 0 ? (
        <ul className="tutor-files">
          {proofs.slice(0, 1).map((f) => (
            <FileLine key={f.id} file={f} />
          ))}
        </ul>
      ) : null}
      <label
        className="btn btn--secondary tutor-upload"
        htmlFor={`${id}-proof`}
        aria-busy={busy || undefined}
      >
        {busy ? "올리는 중…" : proofs.length > 0 ? "다른 파일로 바꾸기" : "파일 고르기"}
      </label>
      <input
        id={`${id}-proof`}
        type="file"
        className="visually-hidden"
        accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
        disabled={busy}
        data-testid="proof-input"
        onChange={(e) => {
          void choose(e.currentTarget.files?.[0]);
          e.currentTarget.value = "";
        }}
      />
      {message ? (
        <p
          className={`form-alert form-alert--${message.tone}`}
          role={message.tone === "error" ? "alert" : "status"}
        >
          {message.text}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The seconds an audio file plays, read by the browser; null when it cannot tell. */
function audioDuration(file: Blob): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const audio = new Audio();
    const done = (value: number | null) => {
      URL.revokeObjectURL(url);
      resolve(value);
    };
    audio.preload = "metadata";
    audio.onloadedmetadata = () =>
      done(Number.isFinite(audio.duration) ? Math.max(1, Math.round(audio.duration)) : null);
    audio.onerror = () => done(null);
    audio.src = url;
  });
}

type Recording =
  | { kind: "idle" }
  | { kind: "recording"; startedAt: number }
  | { kind: "ready"; blob: Blob; seconds: number; url: string };

/** The question of the voice answer. */
export const VOICE_QUESTION =
  "설탭 선생님이 되고 싶은 이유와, 학생이 같은 문제를 세 번 틀렸을 때 어떻게 설명할지 3분 안에 말해 주세요.";

/**
 * The voice answer: recorded in the browser (MediaRecorder, stops by itself at 3 minutes) or an
 * audio file up to 3 minutes; listened to before it is sent, then uploaded.
 */
export function VoiceAnswer({ onUploaded }: { onUploaded: () => void }) {
  const id = useId();
  const [recording, setRecording] = useState<Recording>({ kind: "idle" });
  const [now, setNow] = useState(0);
  const [message, setMessage] = useState<{ tone: "error" | "info"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const recorder = useRef<MediaRecorder | null>(null);
  const canRecord =
    typeof window !== "undefined" && "MediaRecorder" in window && !!navigator.mediaDevices;

  useEffect(() => {
    if (recording.kind !== "recording") return undefined;
    const timer = window.setInterval(() => {
      setNow(Date.now());
      if (Date.now() - recording.startedAt >= TUTOR_VOICE_MAX_SECONDS * 1000)
        recorder.current?.stop();
    }, 250);
    return () => window.clearInterval(timer);
  }, [recording]);

  useEffect(
    () => () => {
      if (recording.kind === "ready") URL.revokeObjectURL(recording.url);
    },
    [recording],
  );

  const start = async () => {
    setMessage(null);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const chunks: Blob[] = [];
      const media = new MediaRecorder(stream);
      const startedAt = Date.now();
      media.ondataavailable = (e) => chunks.push(e.data);
      media.onstop = () => {
        stream.getTracks().forEach((track) => track.stop());
        const blob = new Blob(chunks, { type: media.mimeType.split(";")[0] || "audio/webm" });
        const seconds = Math.min(
          TUTOR_VOICE_MAX_SECONDS,
          Math.max(1, Math.round((Date.now() - startedAt) / 1000)),
        );
        setRecording({ kind: "ready", blob, seconds, url: URL.createObjectURL(blob) });
      };
      recorder.current = media;
      media.start();
      setNow(startedAt);
      setRecording({ kind: "recording", startedAt });
    } catch {
      setMessage({
        tone: "error",
        text: "마이크를 쓸 수 없어요. 브라우저의 마이크 권한을 확인하거나, 녹음한 파일을 올려 주세요.",
      });
    }
  };

  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > TUTOR_FILE_MAX_BYTES) {
      setMessage({ tone: "error", text: "파일은 10MB까지 올릴 수 있어요." });
      return;
    }
    const seconds = await audioDuration(file);
    if (seconds === null) {
      setMessage({ tone: "error", text: "음성 파일(webm, ogg, mp3, m4a, wav)만 올릴 수 있어요." });
      return;
    }
    if (seconds > TUTOR_VOICE_MAX_SECONDS) {
      setMessage({ tone: "error", text: "음성 답변은 3분까지 녹음할 수 있어요." });
      return;
    }
    setRecording({ kind: "ready", blob: file, seconds, url: URL.createObjectURL(file) });
  };

  const upload = async () => {
    if (recording.kind !== "ready") return;
    setBusy(true);
    setMessage(null);
    try {
      await uploadTutorFile("VOICE_ANSWER", recording.blob, recording.seconds);
      setMessage({ tone: "info", text: "음성 답변을 올렸어요. 아래에서 제출해 주세요." });
      onUploaded();
    } catch (e) {
      setMessage({ tone: "error", text: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };

  const elapsed =
    recording.kind === "recording" ? Math.floor((now - recording.startedAt) / 1000) : 0;
  return (
    <fieldset className="tutor-group">
      <legend>음성 답변</legend>
      <p className="tutor-question">{VOICE_QUESTION}</p>
      {recording.kind === "recording" ? (
        <div className="tutor-recorder" role="status" aria-live="polite">
          <span className="tutor-recorder__dot" aria-hidden="true" /> 녹음 중 {duration(elapsed)} /{" "}
          {duration(TUTOR_VOICE_MAX_SECONDS)}
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => recorder.current?.stop()}
          >
            녹음 끝내기
          </button>
        </div>
      ) : (
        <div className="tutor-recorder">
          {canRecord ? (
            <button type="button" className="btn btn--secondary" onClick={() => void start()}>
              {recording.kind === "ready" ? "다시 녹음하기" : "녹음 시작"}
            </button>
          ) : null}
          <label className="btn btn--ghost" htmlFor={`${id}-audio`}>
            녹음 파일 올리기
          </label>
          <input
            id={`${id}-audio`}
            type="file"
            accept="audio/*"
            className="visually-hidden"
            data-testid="voice-input"
            onChange={(e) => {
              void chooseFile(e.currentTarget.files?.[0]);
              e.currentTarget.value = "";
            }}
          />
        </div>
      )}
      {recording.kind === "ready" ? (
        <div className="tutor-recorder__preview">
          <audio controls src={recording.url}>
            녹음한 음성
          </audio>
          <span>{duration(recording.seconds)}</span>
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => void upload()}
          >
            {busy ? "올리는 중…" : "이 녹음 올리기"}
          </button>
        </div>
      ) : null}
      {message ? (
        <p
          className={`form-alert form-alert--${message.tone}`}
          role={message.tone === "error" ? "alert" : "status"}
        >
          {message.text}
        </p>
      ) : null}
    </fieldset>
  );
}
