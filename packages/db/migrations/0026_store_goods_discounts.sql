-- Everything the store sells (issue #18; SPEC.md §3 item kinds, discount kinds, §9 headphones named
-- by device_gen). Books (SEOLTAB_BOOK) and digital contents (CONTENTS) join store_items beside
-- lectures and devices; headphone rentals are DEVICE rows with is_rental; books and rentals keep
-- their stock in `count`, reserved when an order is placed and given back when it fails.
ALTER TABLE "store_items" ADD COLUMN "is_digital" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "store_items" ADD COLUMN "track_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "store_items" ADD COLUMN "is_rental" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Device lines of an order: PURCHASE or GIFT, NEW_DEVICE or USED_DEVICE, rental (SPEC.md §3).
CREATE TABLE "payment_item_devices" (
	"payment_item_id" bigint PRIMARY KEY NOT NULL,
	"purchase_or_gift" varchar(8),
	"device_condition" varchar(12),
	"is_rental" boolean DEFAULT false NOT NULL,
	CONSTRAINT "payment_item_devices_payment_item_id_payment_items_id_fk" FOREIGN KEY ("payment_item_id") REFERENCES "public"."payment_items"("id") ON DELETE cascade
);--> statement-breakpoint
-- One referral code per student account (REFERRAL_CODE_DISCOUNT): issued on first ask.
CREATE TABLE "referral_codes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"code" varchar(12) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_code_key" ON "referral_codes" USING btree ("code");--> statement-breakpoint
-- A friend's use of a code: once per friend (unique), with the order it was used on; the owner's
-- reward is claimed once by one of the owner's orders (owner_reward_payment_id).
CREATE TABLE "referral_redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"friend_user_id" integer NOT NULL,
	"payment_id" bigint NOT NULL,
	"owner_reward_payment_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_redemptions_not_self_check" CHECK ("referral_redemptions"."owner_user_id" <> "referral_redemptions"."friend_user_id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "referral_redemptions_friend_key" ON "referral_redemptions" USING btree ("friend_user_id");--> statement-breakpoint
CREATE INDEX "referral_redemptions_owner_idx" ON "referral_redemptions" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "referral_redemptions_payment_idx" ON "referral_redemptions" USING btree ("payment_id");--> statement-breakpoint
-- Reference content: books 201-249, contents 251-299, headphone rentals 121-129 (ids stable).
INSERT INTO "store_items" ("id", "item_kind", "title", "subtitle", "months", "base_price", "sale_price", "used_type", "device_type", "device_gen", "color", "etc", "count", "is_digital", "track_stock", "is_rental", "is_active", "sort_order", "description") VALUES
  (201, 'SEOLTAB_BOOK', '설탭 중등 수학 개념서', '중학 수학 개념 정리 교재', 1, 18000, 15000, NULL, NULL, NULL, NULL, NULL, 200, false, true, false, true, 2010, '수업에서 함께 쓰는 중등 수학 교재 (택배 배송)'),
  (202, 'SEOLTAB_BOOK', '설탭 고등 수학 유형서', '공통수학 유형별 문제집', 1, 22000, 19000, NULL, NULL, NULL, NULL, NULL, 150, false, true, false, true, 2020, '수업에서 함께 쓰는 고등 수학 문제집 (택배 배송)'),
  (203, 'SEOLTAB_BOOK', '설탭 국어 독해 교재', '비문학 독해 훈련 교재', 1, 16000, 14000, NULL, NULL, NULL, NULL, NULL, 0, false, true, false, true, 2030, '재입고 예정'),
  (251, 'CONTENTS', '수능 수학 기출 해설 영상 (30강)', '열어 본 뒤에는 환불되지 않아요', 1, 39000, 29000, NULL, NULL, NULL, NULL, NULL, 0, true, false, false, true, 2510, '결제 후 바로 볼 수 있는 디지털 콘텐츠'),
  (252, 'CONTENTS', '중등 영단어 학습 이용권 (6개월)', '열어 본 뒤에는 환불되지 않아요', 1, 24000, 19000, NULL, NULL, NULL, NULL, NULL, 0, true, false, false, true, 2520, '결제 후 바로 쓰는 디지털 이용권'),
  (121, 'DEVICE', 'AirPods Max 대여 (3개월)', '수업용 노이즈 캔슬링 헤드폰 대여', 3, 60000, 45000, 'USED', 'AIR_PODS_MAX', 'AirPods Max', '실버', '대여', 10, false, true, true, true, 1210, '3개월 동안 빌려 쓰고 끝나면 반납해요'),
  (122, 'DEVICE', 'AirPods Max 대여 (3개월)', '수업용 노이즈 캔슬링 헤드폰 대여', 3, 60000, 45000, 'USED', 'AIR_PODS_MAX', 'AirPods Max', '스페이스 그레이', '대여', 5, false, true, true, true, 1220, '3개월 동안 빌려 쓰고 끝나면 반납해요')
ON CONFLICT ("id") DO NOTHING;
