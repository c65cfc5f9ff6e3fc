-- Owner list versions (migration 0030) for a user's contracts and the reviews they received.
-- Contracts: the contract rows of either party, and the reviews its viewer wrote (a contract shows
-- whether they reviewed it). Reviews: the review rows of the reviewee, and the contracts they are
-- about (a review shows its contract's title). A party's name, or their account being deleted,
-- moves the people version, which every owner list reads.
CREATE TRIGGER owner_list_versions_contracts_contracts_insert AFTER INSERT ON contracts
  REFERENCING NEW TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('contracts', 'buyer_id', 'supplier_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_contracts_contracts_update AFTER UPDATE ON contracts
  REFERENCING NEW TABLE AS moved_rows OLD TABLE AS replaced_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('contracts', 'buyer_id', 'supplier_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_contracts_contracts_delete AFTER DELETE ON contracts
  REFERENCING OLD TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('contracts', 'buyer_id', 'supplier_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_contracts_contracts_truncate AFTER TRUNCATE ON contracts
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('contracts');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_reviews_contracts_insert AFTER INSERT ON reviews
  REFERENCING NEW TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('contracts', 'reviewer_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_reviews_contracts_update AFTER UPDATE ON reviews
  REFERENCING NEW TABLE AS moved_rows OLD TABLE AS replaced_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('contracts', 'reviewer_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_reviews_contracts_delete AFTER DELETE ON reviews
  REFERENCING OLD TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('contracts', 'reviewer_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_reviews_contracts_truncate AFTER TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('contracts');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_reviews_reviews_insert AFTER INSERT ON reviews
  REFERENCING NEW TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('reviews', 'reviewee_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_reviews_reviews_update AFTER UPDATE ON reviews
  REFERENCING NEW TABLE AS moved_rows OLD TABLE AS replaced_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('reviews', 'reviewee_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_reviews_reviews_delete AFTER DELETE ON reviews
  REFERENCING OLD TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('reviews', 'reviewee_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_reviews_reviews_truncate AFTER TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('reviews');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_contracts_reviews_insert AFTER INSERT ON contracts
  REFERENCING NEW TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('reviews', 'buyer_id', 'supplier_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_contracts_reviews_update AFTER UPDATE ON contracts
  REFERENCING NEW TABLE AS moved_rows OLD TABLE AS replaced_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('reviews', 'buyer_id', 'supplier_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_contracts_reviews_delete AFTER DELETE ON contracts
  REFERENCING OLD TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('reviews', 'buyer_id', 'supplier_id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_contracts_reviews_truncate AFTER TRUNCATE ON contracts
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('reviews');
--> statement-breakpoint
DROP TRIGGER list_versions_people ON users;
--> statement-breakpoint
CREATE TRIGGER list_versions_people AFTER UPDATE OF first_name, last_name, company_name, role, deleted_at ON users
  FOR EACH STATEMENT EXECUTE FUNCTION list_versions_touch('people');
