/**
 * Every message template (issue #17): one file per template, reviewed like code; the messages
 * area renders only these. Adding one: a file here, a line below, and the template test checks it.
 */
import type { MessageTemplate } from "../messages.ts";
import { contractToSign } from "./contract-to-sign.ts";
import { lessonCancelled } from "./lesson-cancelled.ts";
import { lessonMoved } from "./lesson-moved.ts";
import { lessonNote } from "./lesson-note.ts";
import { lessonReminder } from "./lesson-reminder.ts";
import { paymentPaid } from "./payment-paid.ts";
import { refundDone } from "./refund-done.ts";
import { renewalFailed } from "./renewal-failed.ts";
import { renewalNotice } from "./renewal-notice.ts";
import { requestFormReminder } from "./request-form-reminder.ts";
import { tutorApplicationStatus } from "./tutor-application-status.ts";
import { tutorMatched } from "./tutor-matched.ts";
import { vbankDueSoon } from "./vbank-due-soon.ts";
import { vbankIssued } from "./vbank-issued.ts";

export const MESSAGE_TEMPLATES = {
  "payment-paid": paymentPaid,
  "vbank-issued": vbankIssued,
  "vbank-due-soon": vbankDueSoon,
  "renewal-notice": renewalNotice,
  "renewal-failed": renewalFailed,
  "refund-done": refundDone,
  "contract-to-sign": contractToSign,
  "request-form-reminder": requestFormReminder,
  "tutor-matched": tutorMatched,
  "lesson-reminder": lessonReminder,
  "lesson-moved": lessonMoved,
  "lesson-cancelled": lessonCancelled,
  "lesson-note": lessonNote,
  "tutor-application-status": tutorApplicationStatus,
} as const satisfies Record<string, MessageTemplate>;

export type MessageTemplateId = keyof typeof MESSAGE_TEMPLATES;
