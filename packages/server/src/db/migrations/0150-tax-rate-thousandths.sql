-- Tax rates in thousandths of a percent (8.875 % is 8875), so rates such as New York City's
-- 8.875 % are kept exactly; basis points could not hold the third decimal.
ALTER TABLE tax_rules DROP CONSTRAINT tax_rules_rate_check;
ALTER TABLE tax_rules RENAME COLUMN rate_basis_points TO rate_thousandths;
UPDATE tax_rules SET rate_thousandths = rate_thousandths * 10;
ALTER TABLE tax_rules ADD CONSTRAINT tax_rules_rate_check CHECK (rate_thousandths BETWEEN 0 AND 100000);
