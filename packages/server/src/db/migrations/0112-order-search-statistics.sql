-- Finer statistics for the order search's expression indexes (0110). With the default
-- histogram a rare name prefix was sometimes estimated to match thousands of orders, and the
-- planner then walked the newest-first index testing every order instead of looking the
-- prefix up (0.5 ms became 200 ms on 100,000 orders). A 1,000-bucket histogram keeps the
-- estimate close, so prefix searches use the indexes.
ALTER INDEX orders_owner_email_idx ALTER COLUMN 2 SET STATISTICS 1000;
ALTER INDEX orders_owner_full_name_idx ALTER COLUMN 2 SET STATISTICS 1000;
ALTER INDEX orders_owner_last_name_idx ALTER COLUMN 2 SET STATISTICS 1000;
