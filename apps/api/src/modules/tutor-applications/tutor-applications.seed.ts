/**
 * Demo tutor applications (local mode only; issue #12 "Demo data"): the demo tutor
 * tutor@example.com is ACTIVE (every document, both record checks CLEAR, the agreement signed),
 * and three applicants fill the staff queue — applicant1@example.com SUBMITTED,
 * applicant2@example.com VOICE_SUBMITTED, applicant3@example.com in CONTRACT with the checks
 * recorded but the agreement unsigned. Password `Demo1234!` like every demo account.
 */
import { createHash } from "node:crypto";
import { eq, schema, type Database } from "@seoltab/db";
import {
  TUTOR_AGREEMENT_VERSION,
  defaultTutorResume,
  formatSeoulDate,
  tutorAgreementDocument,
  type TutorApplicationState,
  type TutorResume,
} from "@seoltab/domain";
import type { FileStorage } from "../../platform/storage.ts";
import { DEMO_PASSWORD, hashPassword } from "../accounts/accounts.public.ts";

/** The demo applicants (besides tutor@example.com). */
export const DEMO_APPLICANTS = [
  { email: "applicant1@example.com", name: "박지민", phone: "01020000011", state: "SUBMITTED" },
  {
    email: "applicant2@example.com",
    name: "최유나",
    phone: "01020000012",
    state: "VOICE_SUBMITTED",
  },
  { email: "applicant3@example.com", name: "정도윤", phone: "01020000013", state: "CONTRACT" },
] as const;

/** A one-page PDF ("재학증명서 (데모)" is not needed: the bytes only have to be a real PDF). */
export function demoPdf(): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** `seconds` of silence as 8 kHz 8-bit mono WAV. */
export function demoWav(seconds: number): Buffer {
  const samples = 8000 * seconds;
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write("WAVE", 8);
  header.write("fmt ", 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write("data", 36);
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 128)]);
}

function demoResume(name: string, phone: string, i: number): TutorResume {
  const universities = ["서울대학교", "서울대학교", "연세대학교", "고려대학교"];
  const majors = ["수학교육과", "국어국문학과", "영어영문학과", "물리학과"];
  return {
    ...defaultTutorResume(),
    name,
    phone,
    phoneVerified: true,
    birthYear: 2003 + (i % 3),
    highSchoolType: "GENERAL",
    enterYear: 2022 + (i % 3),
    university: universities[i % 4]!,
    major: majors[i % 4]!,
    subjects: [[1001], [1002], [1003], [1005]][i % 4]!,
    availableTimes: [
      { day: "MON", start: "18:00", end: "21:00" },
      { day: "WED", start: "18:00", end: "21:00" },
      { day: "SAT", start: "10:00", end: "13:00" },
    ],
    classTypes: ["SMART", "BASIC"],
    zonecode: "08826",
    address: "서울 관악구 관악로 1",
    addressDetail: "기숙사 919동",
    bio: `안녕하세요, ${universities[i % 4]} ${majors[i % 4]} ${name} 선생님이에요. 개념을 먼저 잡고, 학생이 스스로 설명할 수 있을 때까지 함께 문제를 풀어요. 질문이 많은 수업을 좋아해요.`,
    backgroundCheckConsent: true,
  };
}

/** The order of states an applicant went through to reach `to` (demo history). */
const PATH: TutorApplicationState[] = [
  "JOIN",
  "SUBMITTED",
  "DOCUMENTS_OK",
  "VOICE_SUBMITTED",
  "GPASS",
  "CONTRACT",
  "ACTIVE",
];

async function seedOne(
  db: Database,
  storage: FileStorage,
  input: {
    userId: number;
    adminId: number | null;
    name: string;
    phone: string;
    state: TutorApplicationState;
    index: number;
  },
): Promise<void> {
  const now = new Date();
  const day = 24 * 60 * 60 * 1000;
  const steps = PATH.slice(0, PATH.indexOf(input.state) + 1);
  const start = now.getTime() - steps.length * 2 * day;
  const at = (i: number) => new Date(start + i * 2 * day);
  const [app] = await db
    .insert(schema.tutorApplications)
    .values({
      userId: input.userId,
      state: input.state,
      resume: demoResume(input.name, input.phone, input.index) as unknown as Record<
        string,
        unknown
      >,
      stateChangedAt: at(steps.length - 1),
      submittedAt: steps.length > 1 ? at(1) : null,
      matchingAvailable: input.state === "ACTIVE",
      universityStatusConfirmedAt: input.state === "ACTIVE" ? at(steps.length - 1) : null,
      createdAt: at(0),
    })
    .returning({ id: schema.tutorApplications.id });
  const id = app!.id;
  for (let i = 1; i < steps.length; i++) {
    const applicantStep = steps[i] === "SUBMITTED" || steps[i] === "VOICE_SUBMITTED";
    await db.insert(schema.tutorApplicationTransitions).values({
      applicationId: id,
      fromState: steps[i - 1]!,
      toState: steps[i]!,
      initiator: applicantStep ? "USER" : steps[i] === "ACTIVE" ? "AUTO" : "ADMIN",
      actorUserId: applicantStep ? input.userId : steps[i] === "ACTIVE" ? null : input.adminId,
      reason: null,
      score: applicantStep || steps[i] === "ACTIVE" ? null : 80 + i,
      attempt: 1,
      createdAt: at(i),
    });
  }
  const addFile = async (
    kind: string,
    bytes: Buffer,
    contentType: string,
    duration: number | null,
  ) => {
    const key = await storage.put("tutor-applications", bytes);
    await db.insert(schema.tutorApplicationFiles).values({
      applicationId: id,
      kind,
      storageKey: key,
      contentType,
      sizeBytes: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      durationSeconds: duration,
      createdAt: at(0),
    });
  };
  await addFile("ENROLLMENT_PROOF", demoPdf(), "application/pdf", null);
  if (steps.includes("VOICE_SUBMITTED")) await addFile("VOICE_ANSWER", demoWav(2), "audio/wav", 2);
  if (steps.includes("CONTRACT") && input.adminId !== null) {
    for (const kind of ["SEX_OFFENSE", "CHILD_ABUSE"]) {
      await db.insert(schema.tutorBackgroundChecks).values({
        applicationId: id,
        kind,
        result: "CLEAR",
        requestedAt: at(2),
        resultAt: at(4),
        reference: `데모-${kind === "SEX_OFFENSE" ? "56" : "293"}-${id}`,
        recordedBy: input.adminId,
      });
    }
  }
  if (input.state === "ACTIVE") {
    const signedAt = at(steps.length - 1);
    const doc = tutorAgreementDocument({ tutorName: input.name, date: formatSeoulDate(signedAt) });
    await db.insert(schema.tutorAgreements).values({
      applicationId: id,
      signerName: input.name,
      signedAt,
      textVersion: TUTOR_AGREEMENT_VERSION,
      textHash: createHash("sha256").update(doc.text).digest("hex"),
      signedDocument: { title: doc.title, sections: doc.sections, text: doc.text },
    });
  }
}

/**
 * Seeds the demo applications (runs once per database). Files go to `storage`; does nothing
 * for an account that is missing or already has an application.
 */
export async function seedDemoTutorApplications(db: Database, storage: FileStorage): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  for (const a of DEMO_APPLICANTS) {
    await db
      .insert(schema.users)
      .values({
        email: a.email,
        userType: "TEACHER",
        name: a.name,
        phone: a.phone,
        phoneVerifiedAt: now,
        birthDate: "2004-01-01",
        passwordHash,
      })
      .onConflictDoNothing();
  }
  const idOf = async (email: string) =>
    (
      await db
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(eq(schema.users.email, email))
    )[0]?.id ?? null;
  const adminId = await idOf("admin@example.com");
  const tutors = [
    { email: "tutor@example.com", name: "이준호", phone: "01020000003", state: "ACTIVE" as const },
    ...DEMO_APPLICANTS,
  ];
  for (const [index, t] of tutors.entries()) {
    const userId = await idOf(t.email);
    if (userId === null) continue;
    const [existing] = await db
      .select({ id: schema.tutorApplications.id })
      .from(schema.tutorApplications)
      .where(eq(schema.tutorApplications.userId, userId));
    if (existing) continue;
    await seedOne(db, storage, {
      userId,
      adminId,
      name: t.name,
      phone: t.phone,
      state: t.state,
      index,
    });
  }
}
