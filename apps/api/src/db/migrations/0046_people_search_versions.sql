-- A list version (migration 0026) for every profile row: the people search (GET /api/users/search)
-- is kept per caller under the versions of what decides its answer: every account ('users',
-- migration 0045), every profile's privacy settings ('profiles', here), and the caller's own
-- contracts and conversations (owner list versions, migrations 0030 and 0031), which make them
-- someone's counterparty.
INSERT INTO "list_versions" ("list") VALUES ('profiles') ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER list_versions_profiles AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON profiles
  FOR EACH STATEMENT EXECUTE FUNCTION list_versions_touch();
