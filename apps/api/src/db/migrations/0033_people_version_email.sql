-- A supplier's Bid Assist requests show their e-mail address: a change of address moves the people
-- version too (migrations 0030, 0031).
DROP TRIGGER list_versions_people ON users;--> statement-breakpoint
CREATE TRIGGER list_versions_people AFTER UPDATE OF first_name, last_name, company_name, role, deleted_at, email ON users
  FOR EACH STATEMENT EXECUTE FUNCTION list_versions_touch('people');
