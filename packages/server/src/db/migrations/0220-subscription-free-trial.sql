-- Free trials (issue 28 item 3, decision 0058): a subscription started with a free trial has
-- billed nothing yet. Its first cycle is due when the trial ends, so it starts with
-- cycles_billed 0 (anchor_at the trial's end) and the renewals bill from cycle 1.
ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_cycles_billed_check;
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_cycles_billed_check CHECK (cycles_billed >= 0);
-- Its first renewal bills cycle 1 (without a trial, renewals start at cycle 2).
ALTER TABLE subscription_renewals DROP CONSTRAINT subscription_renewals_cycle_check;
ALTER TABLE subscription_renewals ADD CONSTRAINT subscription_renewals_cycle_check CHECK (cycle >= 1);
