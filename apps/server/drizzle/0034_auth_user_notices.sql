-- Each API instance keeps the users behind its sessions (modules/auth/session-cache.ts). Any change
-- that can alter what a session may do is announced on the auth_users channel with the user's id,
-- whoever writes it (a service, a job, an operator's SQL): a session revoked or deleted, and any
-- column of the user but the balance (never served from that cache) and updated_at.
CREATE FUNCTION notify_auth_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('auth_users', OLD.user_id::text);
  ELSIF (to_jsonb(OLD) - 'balance' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'balance' - 'updated_at') THEN
    PERFORM pg_notify('auth_users', OLD.id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_notice AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_auth_user();
--> statement-breakpoint
CREATE TRIGGER users_auth_notice AFTER UPDATE ON users FOR EACH ROW EXECUTE FUNCTION notify_auth_user();
