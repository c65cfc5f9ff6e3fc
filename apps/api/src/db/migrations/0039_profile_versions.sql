-- Owner list versions (migration 0030) for the profile view: one 'profile' version per user,
-- raised at the commit of every write to a row their profile shows: their own user columns, the
-- profile row, documents, portfolio, projects, requirements, catalogue items and the reviews they
-- received. A reviewer's name is the people version (migration 0033), which every kept page reads.
-- Whether a viewer is the owner's counterparty is not part of it: it is read on every request.
-- (PostgreSQL allows no column list beside transition tables: any update of a user raises it.)
CREATE TRIGGER owner_list_versions_users_profile_update AFTER UPDATE ON users
  REFERENCING NEW TABLE AS moved_rows OLD TABLE AS replaced_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('profile', 'id');
--> statement-breakpoint
CREATE TRIGGER owner_list_versions_users_profile_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS moved_rows
  FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch('profile', 'id');
--> statement-breakpoint
DO $$
DECLARE
  shown record;
BEGIN
  FOR shown IN SELECT * FROM (VALUES
    ('profiles', 'user_id'),
    ('profile_documents', 'user_id'),
    ('portfolio_items', 'user_id'),
    ('projects', 'user_id'),
    ('requirements', 'user_id'),
    ('catalogue_items', 'user_id'),
    ('reviews', 'reviewee_id')
  ) AS t(tbl, owner_column) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS moved_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch(%L, %L)',
      'owner_list_versions_' || shown.tbl || '_profile_insert', shown.tbl, 'profile', shown.owner_column);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS moved_rows OLD TABLE AS replaced_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch(%L, %L)',
      'owner_list_versions_' || shown.tbl || '_profile_update', shown.tbl, 'profile', shown.owner_column);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS moved_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch(%L, %L)',
      'owner_list_versions_' || shown.tbl || '_profile_delete', shown.tbl, 'profile', shown.owner_column);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION owner_list_versions_touch(%L)',
      'owner_list_versions_' || shown.tbl || '_profile_truncate', shown.tbl, 'profile');
  END LOOP;
END $$;
