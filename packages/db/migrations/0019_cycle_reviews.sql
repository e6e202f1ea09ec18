-- placeholder: filled by the work that reserved this number
SELECT 1;
