/**
 * The INGANG subject taxonomy (POST /main/getTaxonomy; SPEC.md §3, §7) for every subject list
 * and name on the app pages: the enrollment form (its subjects in taxonomy order), the lesson
 * request form, tutor cards, the tutor resume. One call per page load, shared by all of them.
 */
import { useEffect, useMemo, useState } from "react";
import { restRequest } from "./rest-client";

/** One INGANG entry (SPEC.md §3 "Taxonomy"): DEPTH 1 subject area, 2 level, 3 course. */
export interface TaxonomyEntry {
  NAME: string;
  DEPTH: number;
  TERM_TAXONOMY_ID: number;
  /** TERM_TAXONOMY_ID of the parent entry; 0 at the top. */
  PARENT: number;
}

/** A catalog subject id (e.g. 8906 smart math) and the INGANG term it teaches (SPEC.md §9). */
export interface SubjectTerm {
  SUBJECT_ID: number;
  NAME: string;
  TERM_TAXONOMY_ID: number;
}

/** DATA.RESPONSE of POST /main/getTaxonomy, entries in the server's display order. */
export interface Taxonomy {
  RESULT_TAXONOMIES: TaxonomyEntry[];
  SUBJECT_TERM_MAP: SubjectTerm[];
}

export interface SubjectOption {
  id: number;
  name: string;
}

let cached: Promise<Taxonomy> | null = null;

/**
 * The taxonomy, fetched once per page load (anonymous; a failure is retried on the next call).
 * @throws RestError (the server's Korean message, or the network message)
 */
export function fetchTaxonomy(): Promise<Taxonomy> {
  cached ??= restRequest<Taxonomy>("main", "/getTaxonomy", {
    body: { TAXONOMY: "INGANG" },
    auth: false,
  }).then(
    (r) => ({ RESULT_TAXONOMIES: r.RESULT_TAXONOMIES, SUBJECT_TERM_MAP: r.SUBJECT_TERM_MAP ?? [] }),
    (error: unknown) => {
      cached = null;
      throw error;
    },
  );
  return cached;
}

/** Forgets the fetched taxonomy (tests). */
export function resetTaxonomyCache(): void {
  cached = null;
}

/** The subjects as id + name (every entry, display order). */
export function fetchSubjectOptions(): Promise<SubjectOption[]> {
  return fetchTaxonomy().then((t) =>
    t.RESULT_TAXONOMIES.map((e) => ({ id: e.TERM_TAXONOMY_ID, name: e.NAME })),
  );
}

/** The taxonomy (null until loaded, and when the call fails: callers keep their own order). */
export function useTaxonomy(): Taxonomy | null {
  const [taxonomy, setTaxonomy] = useState<Taxonomy | null>(null);
  useEffect(() => {
    let live = true;
    fetchTaxonomy().then(
      (t) => live && setTaxonomy(t),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return taxonomy;
}

/** The subjects ([] until loaded or when the call fails). */
export function useSubjectOptions(): SubjectOption[] {
  const taxonomy = useTaxonomy();
  return useMemo(
    () =>
      taxonomy
        ? taxonomy.RESULT_TAXONOMIES.map((e) => ({ id: e.TERM_TAXONOMY_ID, name: e.NAME }))
        : [],
    [taxonomy],
  );
}
