-- Lesson request forms store promotionType as SPEC.md §3 spells it ("none-event"; the others in
-- the same style: "friend", "event"). Drafts saved before this used NONE_EVENT / FRIEND / EVENT.
UPDATE lesson_requests
SET form = jsonb_set(
  form,
  '{promotionType}',
  to_jsonb(CASE form->>'promotionType'
    WHEN 'NONE_EVENT' THEN 'none-event'
    WHEN 'FRIEND' THEN 'friend'
    WHEN 'EVENT' THEN 'event'
  END)
)
WHERE form->>'promotionType' IN ('NONE_EVENT', 'FRIEND', 'EVENT');
