/**
 * The INGANG subject taxonomy (POST /main/getTaxonomy; SPEC.md §3) for every subject list and
 * name on the app pages: the lesson request form, tutor cards, the tutor resume.
 */
import { useEffect, useState } from "react";
import { restRequest } from "./rest-client";

export interface SubjectOption {
  id: number;
  name: string;
}

let cached: Promise<SubjectOption[]> | null = null;

/** The subjects, fetched once per page load (a failure is retried on the next call). */
export function fetchSubjectOptions(): Promise<SubjectOption[]> {
  cached ??= restRequest<{ RESULT_TAXONOMIES: { NAME: string; TERM_TAXONOMY_ID: number }[] }>(
    "main",
    "/getTaxonomy",
    { body: { TAXONOMY: "INGANG" }, auth: false },
  ).then(
    (r) => r.RESULT_TAXONOMIES.map((t) => ({ id: t.TERM_TAXONOMY_ID, name: t.NAME })),
    (error: unknown) => {
      cached = null;
      throw error;
    },
  );
  return cached;
}

/** The subjects ([] until loaded or when the call fails). */
export function useSubjectOptions(): SubjectOption[] {
  const [subjects, setSubjects] = useState<SubjectOption[]>([]);
  useEffect(() => {
    let live = true;
    fetchSubjectOptions().then(
      (list) => live && setSubjects(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return subjects;
}
