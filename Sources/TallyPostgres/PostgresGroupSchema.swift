/// The migration that gives projects a group (`Household`): a column, and the trigger that
/// lets only an owner change a project's settings, the group among them.
enum PostgresGroupSchema {
  static let statements = [
    """
    ALTER TABLE project ADD COLUMN group_name TEXT
      CHECK (group_name IS NULL OR length(trim(group_name)) > 0)
    """,
    // As `PostgresAccessSchema` made it, with the group among the settings.
    """
    CREATE OR REPLACE FUNCTION tally_project_settings_kept() RETURNS TRIGGER LANGUAGE plpgsql AS $fn$
    BEGIN
      IF (NEW.id, NEW.title, NEW.title_key, NEW.units, NEW.frequency, NEW.kind, NEW.decimals,
          NEW.goals, NEW.created_at, NEW.group_name)
        IS DISTINCT FROM
        (OLD.id, OLD.title, OLD.title_key, OLD.units, OLD.frequency, OLD.kind, OLD.decimals,
          OLD.goals, OLD.created_at, OLD.group_name)
        AND NOT OLD.id = ANY(tally_project_ids(3))
        -- A superuser or a role with BYPASSRLS sees past the policies: past this too.
        AND NOT (SELECT rolsuper OR rolbypassrls FROM pg_roles WHERE rolname = current_user)
      THEN
        RAISE EXCEPTION 'only an owner of project % may change it', OLD.title
          USING ERRCODE = '42501';
      END IF;
      RETURN NEW;
    END
    $fn$
    """,
  ]
}
