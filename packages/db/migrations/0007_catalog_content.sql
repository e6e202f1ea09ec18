-- Reference content: the store catalog of issue #4 (SPEC.md §3 store item fields, §9 devices and
-- group numbers), the same in every environment; staff change prices and stock later. Ids are
-- stable (clients store them in carts): lectures 1-49, home-shopping lectures 51-69, devices 101+.
-- Prices are won (lectures per month, devices one-off); subject ids are those of packages/domain
-- CATALOG_SUBJECTS (8906 = 스마트 수학, the default enrollment subject).
-- No base sales method is inserted: the 12-month policy is built into the pricing rules.
INSERT INTO "store_items" ("id", "item_kind", "title", "subtitle", "subjects", "subject_id", "item_type", "school_level", "months", "group_no", "lecture_vt_no", "base_price", "sale_price", "is_homeshopping", "is_active", "sort_order", "description") VALUES
  (1, 'LECTURE', '스마트 수학', '주 2회, 60분, 총 8회 수업', '["수학"]', 8906, 'LECTURE_SMART', NULL, 1, NULL, 2101, 219000, 189000, false, true, 10, '서울대 선생님과 태블릿으로 하는 실시간 수학 수업'),
  (2, 'LECTURE', '스마트 국어', '주 2회, 60분, 총 8회 수업', '["국어"]', 8907, 'LECTURE_SMART', NULL, 1, NULL, 2102, 199000, 169000, false, true, 20, '문학·독서·문법을 태블릿으로 함께 읽고 푸는 국어 수업'),
  (3, 'LECTURE', '스마트 영어', '주 2회, 60분, 총 8회 수업', '["영어"]', 8908, 'LECTURE_SMART', NULL, 1, NULL, 2103, 199000, 169000, false, true, 30, '독해·문법·어휘를 학년에 맞춰 잡는 영어 수업'),
  (4, 'LECTURE', '스마트 과학', '주 2회, 60분, 총 8회 수업', '["과학"]', 8910, 'LECTURE_SMART', 'MIDDLE', 1, NULL, 2104, 189000, 159000, false, true, 40, '중등 과학 개념과 실험 문제를 정리하는 수업'),
  (5, 'LECTURE', '스마트 사회', '주 2회, 60분, 총 8회 수업', '["사회"]', 8909, 'LECTURE_SMART', 'MIDDLE', 1, NULL, 2105, 189000, 159000, false, true, 50, '중등 사회·역사 개념을 정리하는 수업'),
  (6, 'LECTURE', '스마트 수학 (2024 요금제)', '주 2회, 60분, 총 8회 수업', '["수학"]', 8906, 'LECTURE_SMART', NULL, 1, NULL, 2001, 209000, 179000, false, false, 900, '판매 종료된 요금제 (지난 주문 기록용)'),
  (7, 'LECTURE', '스마트 전과목', '주 5회, 60분, 총 20회 수업', '["수학","국어","영어","사회","과학"]', NULL, 'LECTURE_SMART', NULL, 1, 63, 2301, 459000, 389000, false, true, 60, '주요 5과목을 한 선생님 팀이 함께 관리하는 전과목 수업'),
  (8, 'LECTURE', '스마트 중등 전과목', '주 5회, 60분, 총 20회 수업', '["수학","국어","영어","사회","과학"]', NULL, 'LECTURE_SMART', 'MIDDLE', 1, 64, 2302, 399000, 339000, false, true, 70, '중학생 주요 5과목 전과목 수업'),
  (9, 'LECTURE', '스마트 고등 전과목', '주 5회, 60분, 총 20회 수업', '["수학","국어","영어","사회","과학"]', NULL, 'LECTURE_SMART', 'HIGH', 1, 65, 2303, 499000, 429000, false, true, 80, '고등학생 주요 5과목 전과목 수업'),
  (11, 'LECTURE', '1:1 과외 수학 주 2회 (중등)', '주 2회, 60분, 총 8회 수업', '["수학"]', 8901, 'LECTURE_BASIC', 'MIDDLE', 1, NULL, 1101, 440000, 396000, false, true, 110, '서울대 선생님과 1:1 화상 수학 과외'),
  (12, 'LECTURE', '1:1 과외 수학 주 2회 (고등)', '주 2회, 60분, 총 8회 수업', '["수학"]', 8901, 'LECTURE_BASIC', 'HIGH', 1, NULL, 1102, 520000, 468000, false, true, 120, '서울대 선생님과 1:1 화상 수학 과외'),
  (13, 'LECTURE', '1:1 과외 수학 주 1회 (고등)', '주 1회, 60분, 총 4회 수업', '["수학"]', 8901, 'LECTURE_BASIC', 'HIGH', 1, NULL, 1103, 280000, 252000, false, true, 130, '서울대 선생님과 1:1 화상 수학 과외'),
  (14, 'LECTURE', '1:1 과외 국어 주 2회 (중등)', '주 2회, 60분, 총 8회 수업', '["국어"]', 8902, 'LECTURE_BASIC', 'MIDDLE', 1, NULL, 1201, 400000, 360000, false, true, 140, '서울대 선생님과 1:1 화상 국어 과외'),
  (15, 'LECTURE', '1:1 과외 국어 주 2회 (고등)', '주 2회, 60분, 총 8회 수업', '["국어"]', 8902, 'LECTURE_BASIC', 'HIGH', 1, NULL, 1202, 480000, 432000, false, true, 150, '서울대 선생님과 1:1 화상 국어 과외'),
  (16, 'LECTURE', '1:1 과외 영어 주 2회 (중등)', '주 2회, 60분, 총 8회 수업', '["영어"]', 8903, 'LECTURE_BASIC', 'MIDDLE', 1, NULL, 1301, 400000, 360000, false, true, 160, '서울대 선생님과 1:1 화상 영어 과외'),
  (17, 'LECTURE', '1:1 과외 영어 주 2회 (고등)', '주 2회, 60분, 총 8회 수업', '["영어"]', 8903, 'LECTURE_BASIC', 'HIGH', 1, NULL, 1302, 480000, 432000, false, true, 170, '서울대 선생님과 1:1 화상 영어 과외'),
  (18, 'LECTURE', '1:1 과외 사회 주 2회 (고등)', '주 2회, 60분, 총 8회 수업', '["사회"]', 8904, 'LECTURE_BASIC', 'HIGH', 1, NULL, 1401, 460000, 414000, false, true, 180, '통합사회·사회탐구 1:1 화상 과외'),
  (19, 'LECTURE', '1:1 과외 과학 주 2회 (고등)', '주 2회, 60분, 총 8회 수업', '["과학"]', 8905, 'LECTURE_BASIC', 'HIGH', 1, NULL, 1501, 480000, 432000, false, true, 190, '통합과학·과학탐구 1:1 화상 과외'),
  (51, 'LECTURE', '[홈쇼핑] 스마트 수학 1개월', '주 2회, 60분, 총 8회 수업', '["수학"]', 8906, 'LECTURE_SMART', NULL, 1, NULL, 2401, 219000, 179000, true, true, 510, '홈쇼핑 방송 특가 (1개월)'),
  (52, 'LECTURE', '[홈쇼핑] 스마트 수학 3개월', '주 2회, 60분, 총 24회 수업', '["수학"]', 8906, 'LECTURE_SMART', NULL, 3, NULL, 2403, 219000, 169000, true, true, 520, '홈쇼핑 방송 특가 (3개월)'),
  (53, 'LECTURE', '[홈쇼핑] 스마트 수학 10개월', '주 2회, 60분, 총 80회 수업', '["수학"]', 8906, 'LECTURE_SMART', NULL, 10, NULL, 2410, 219000, 149000, true, true, 530, '홈쇼핑 방송 특가 (10개월)'),
  (54, 'LECTURE', '[홈쇼핑] 스마트 전과목 1개월', '주 5회, 60분, 총 20회 수업', '["수학","국어","영어","사회","과학"]', NULL, 'LECTURE_SMART', NULL, 1, NULL, 2451, 459000, 369000, true, true, 540, '홈쇼핑 방송 특가 (1개월)'),
  (55, 'LECTURE', '[홈쇼핑] 스마트 전과목 3개월', '주 5회, 60분, 총 60회 수업', '["수학","국어","영어","사회","과학"]', NULL, 'LECTURE_SMART', NULL, 3, NULL, 2453, 459000, 349000, true, true, 550, '홈쇼핑 방송 특가 (3개월)'),
  (56, 'LECTURE', '[홈쇼핑] 스마트 전과목 10개월', '주 5회, 60분, 총 200회 수업', '["수학","국어","영어","사회","과학"]', NULL, 'LECTURE_SMART', NULL, 10, NULL, 2460, 459000, 319000, true, true, 560, '홈쇼핑 방송 특가 (10개월)')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "store_items" ("id", "item_kind", "title", "subtitle", "months", "base_price", "sale_price", "used_type", "device_type", "device_gen", "color", "etc", "count", "is_active", "sort_order", "description") VALUES
  (101, 'DEVICE', '수강 기간 무료 대여 태블릿', '수강 기간 동안 무료로 빌려 드려요', 1, 0, 0, 'USED', 'IPAD', '9', NULL, '무료 대여', 150, true, 1010, '수강이 끝나면 반납하는 iPad 9세대 (색상 랜덤)'),
  (102, 'DEVICE', 'iPad 9세대 새 제품', 'Wi-Fi 64GB', 1, 499000, 399000, 'NEW', 'IPAD', '9', '스페이스 그레이', NULL, 35, true, 1020, NULL),
  (103, 'DEVICE', 'iPad 10세대 새 제품', 'Wi-Fi 64GB', 1, 679000, 569000, 'NEW', 'IPAD', '10', '실버', NULL, 20, true, 1030, NULL),
  (104, 'DEVICE', 'iPad 11세대 새 제품', 'Wi-Fi 128GB', 1, 749000, 649000, 'NEW', 'IPAD', '11', '실버', NULL, 0, true, 1040, '입고 예정 (재고가 생기면 노출)'),
  (105, 'DEVICE', 'iPad 9세대 중고 실버 (2023년 생산)', 'Wi-Fi 64GB, A급', 1, 369000, 259000, 'USED', 'IPAD', '9', '실버', '2023', 12, true, 1050, NULL),
  (106, 'DEVICE', 'iPad 9세대 중고 실버', 'Wi-Fi 64GB, A급', 1, 329000, 219000, 'USED', 'IPAD', '9', '실버', NULL, 42, true, 1060, NULL),
  (107, 'DEVICE', 'iPad 9세대 중고 스페이스 그레이 (2023년 생산)', 'Wi-Fi 64GB, A급', 1, 369000, 259000, 'USED', 'IPAD', '9', '스페이스 그레이', '2023', 0, true, 1070, NULL),
  (108, 'DEVICE', 'iPad 9세대 중고 스페이스 그레이', 'Wi-Fi 64GB, A급', 1, 329000, 219000, 'USED', 'IPAD', '9', '스페이스 그레이', NULL, 37, true, 1080, NULL),
  (109, 'DEVICE', 'AirPods Max 실버', '수업용 노이즈 캔슬링 헤드폰', 1, 769000, 699000, 'NEW', 'AIR_PODS_MAX', 'AirPods Max', '실버', NULL, 15, true, 1090, NULL),
  (110, 'DEVICE', 'AirPods Max 스페이스 그레이', '수업용 노이즈 캔슬링 헤드폰', 1, 769000, 699000, 'NEW', 'AIR_PODS_MAX', 'AirPods Max', '스페이스 그레이', NULL, 8, true, 1100, NULL)
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('store_items', 'id'), GREATEST((SELECT max("id") FROM "store_items"), 1000));
--> statement-breakpoint
INSERT INTO "interest_free_installment_periods" ("id", "name", "free_months", "is_show", "sort_order") VALUES
  (1, '신한카드', 6, true, 1),
  (2, '삼성카드', 6, true, 2),
  (3, 'KB국민카드', 5, true, 3),
  (4, '현대카드', 3, true, 4),
  (5, '롯데카드', 4, true, 5),
  (6, '하나카드', 3, true, 6),
  (7, '우리카드', 2, true, 7),
  (8, 'NH농협카드', 4, true, 8),
  (9, 'BC카드', 2, true, 9),
  (10, '씨티카드', 3, false, 10)
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('interest_free_installment_periods', 'id'), GREATEST((SELECT max("id") FROM "interest_free_installment_periods"), 100));
