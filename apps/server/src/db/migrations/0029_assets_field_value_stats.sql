-- The planner treats field_name and value_text as independent, so a filter such as condition = good
-- was estimated at a quarter of its rows (the share of that value among every field times the share
-- of the field). Multivariate MCV statistics give it the real share: the list total beyond 1,000
-- (the planner estimate) and the choice of plan follow from it.
CREATE STATISTICS IF NOT EXISTS asset_field_values_field_value_stats (mcv) ON master_id, field_name, value_text FROM asset_field_values;
