-- Catalog content (issue #11 item 2, decision 017): the 2026-27 winter course that
-- /promotion/winter advertises, one fixed-term item per school level, so the marketing pages and
-- checkout sell the same product at the same price. The rows are those of packages/domain
-- winter-course.ts WINTER_COURSE_ITEMS (a test compares the served catalog with it). Prices are
-- won per month like every lecture; the unit is the whole 8-week course (months 2), bought once
-- (item_type LECTURE_WINTER: allowed multiple 1, never renewed monthly). Subjects are chosen at
-- the first consultation, so the items name none. school_level PRIMARY = 초등, SPECIAL =
-- 특목고·자사고 (the column is varchar(8)). Ids 21-24 sit in the lecture range 1-49.
INSERT INTO "store_items" ("id", "item_kind", "title", "subtitle", "subjects", "subject_id", "item_type", "school_level", "months", "group_no", "lecture_vt_no", "base_price", "sale_price", "is_homeshopping", "is_active", "sort_order", "description") VALUES
  (21, 'LECTURE', '겨울방학 8주 수업 (초등)', '주 2회, 60분, 8주 총 16회 수업', '[]', NULL, 'LECTURE_WINTER', 'PRIMARY', 2, NULL, 2601, 169000, 169000, false, true, 300, '2026-27 겨울방학 초등 1:1 수업 8주 과정 (과목은 첫 상담에서 정해요)'),
  (22, 'LECTURE', '겨울방학 8주 수업 (중등)', '주 2회, 60분, 8주 총 16회 수업', '[]', NULL, 'LECTURE_WINTER', 'MIDDLE', 2, NULL, 2602, 199000, 199000, false, true, 310, '2026-27 겨울방학 중등 1:1 수업 8주 과정 (과목은 첫 상담에서 정해요)'),
  (23, 'LECTURE', '겨울방학 8주 수업 (고등)', '주 2회, 60분, 8주 총 16회 수업', '[]', NULL, 'LECTURE_WINTER', 'HIGH', 2, NULL, 2603, 219000, 219000, false, true, 320, '2026-27 겨울방학 고등 1:1 수업 8주 과정 (과목은 첫 상담에서 정해요)'),
  (24, 'LECTURE', '겨울방학 8주 수업 (특목고·자사고)', '주 2회, 60분, 8주 총 16회 수업', '[]', NULL, 'LECTURE_WINTER', 'SPECIAL', 2, NULL, 2604, 239000, 239000, false, true, 330, '2026-27 겨울방학 특목고·자사고 1:1 수업 8주 과정 (과목은 첫 상담에서 정해요)')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
-- Content (issue #11 item 2): the published FAQ promised 현금 payment, which checkout does not
-- offer (staff record cash only through the admin endpoint). The answer now names what the
-- checkout offers; a row staff have already edited is left as they wrote it.
UPDATE "faqs" SET "answer" = '수강 신청 후 결제 화면에서 등록한 결제 카드(정기결제), 일회성 카드 결제, 가상계좌 입금 중에서 골라요. 정기결제는 수강 기간이 끝나면 매달 자동으로 결제돼요. 결제 카드는 학부모 계정에서 등록하고 바꿀 수 있어요.' WHERE "id" = 9 AND "answer" = '등록한 결제 카드로 매달 정기결제하거나, 현금 또는 가상계좌로 결제할 수 있어요. 결제 카드는 학부모 계정에서 등록하고 바꿀 수 있어요.';
