import { FamilyView } from "../features/admin/components/family-view";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/admin-family";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    pageTitle("가족 정보"),
    "운영팀이 학생과 학부모, 가족의 모든 기록을 한눈에 보는 페이지예요.",
  );

/** /_app/admin/families/:userNo — the family page of the console (issue 16). */
export default function AdminFamily({ params }: Route.ComponentProps) {
  return <FamilyView key={params.userNo} userNo={Number(params.userNo)} />;
}
