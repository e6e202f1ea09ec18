/**
 * The bundled school list the lesson request form searches (issue #13: "a bundled list is fine"):
 * a selection of Seoul and metropolitan middle and high schools. Names are official Korean names.
 * A family whose school is missing types it in full; the form accepts any name.
 */
export interface School {
  name: string;
  level: "MIDDLE" | "HIGH";
  region: string;
}

const HIGH = (region: string, names: string[]): School[] =>
  names.map((name) => ({ name, level: "HIGH", region }));
const MIDDLE = (region: string, names: string[]): School[] =>
  names.map((name) => ({ name, level: "MIDDLE", region }));

export const SCHOOLS: readonly School[] = [
  ...HIGH("서울 강남구", [
    "휘문고등학교",
    "숙명여자고등학교",
    "경기고등학교",
    "단대부속고등학교",
    "중동고등학교",
    "은광여자고등학교",
    "개포고등학교",
  ]),
  ...HIGH("서울 서초구", [
    "세화고등학교",
    "서울고등학교",
    "반포고등학교",
    "상문고등학교",
    "서초고등학교",
    "세화여자고등학교",
  ]),
  ...HIGH("서울 송파구", [
    "보인고등학교",
    "잠실고등학교",
    "영동일고등학교",
    "배명고등학교",
    "정신여자고등학교",
  ]),
  ...HIGH("서울 양천구", [
    "강서고등학교",
    "양정고등학교",
    "진명여자고등학교",
    "신목고등학교",
    "목동고등학교",
  ]),
  ...HIGH("서울 노원구", ["서라벌고등학교", "대진고등학교", "청원고등학교", "재현고등학교"]),
  ...HIGH("서울 관악구", ["서울미술고등학교", "삼성고등학교", "당곡고등학교"]),
  ...HIGH("서울 종로구", ["중앙고등학교", "경복고등학교", "대신고등학교"]),
  ...HIGH("경기 성남시", ["낙생고등학교", "서현고등학교", "늘푸른고등학교", "분당중앙고등학교"]),
  ...HIGH("경기 고양시", ["백석고등학교", "저동고등학교", "백신고등학교"]),
  ...HIGH("경기 용인시", ["수지고등학교", "풍덕고등학교", "용인외국어고등학교"]),
  ...HIGH("인천", ["인천과학고등학교", "인천국제고등학교", "송도고등학교"]),
  ...HIGH("부산", ["부산과학고등학교", "해운대고등학교", "대연고등학교"]),
  ...MIDDLE("서울 강남구", [
    "대청중학교",
    "대왕중학교",
    "역삼중학교",
    "단국대학교사범대학부속중학교",
    "숙명여자중학교",
  ]),
  ...MIDDLE("서울 서초구", ["원촌중학교", "서운중학교", "반포중학교", "세화여자중학교"]),
  ...MIDDLE("서울 송파구", ["잠신중학교", "오륜중학교", "방산중학교"]),
  ...MIDDLE("서울 양천구", ["월촌중학교", "목운중학교", "신목중학교"]),
  ...MIDDLE("서울 노원구", ["을지중학교", "중계중학교", "상명중학교"]),
  ...MIDDLE("경기 성남시", ["내정중학교", "수내중학교", "서현중학교"]),
];

/** Schools whose name contains `query` (spaces ignored), at most `limit`, exact prefix first. */
export function searchSchools(query: string, limit = 20): School[] {
  const q = query.replace(/\s+/g, "");
  if (q.length === 0) return [];
  return SCHOOLS.filter((s) => s.name.includes(q))
    .sort(
      (a, b) =>
        Number(b.name.startsWith(q)) - Number(a.name.startsWith(q)) ||
        a.name.localeCompare(b.name, "ko"),
    )
    .slice(0, limit);
}
